/**
 * Keeps a sync's memory flat. Parsing allocates many short-lived strings; V8's default young
 * generation lets them pile up to tens of MB per thread before a scavenge, which shows as peak
 * RSS, not as speed. A small one costs nothing measurable here (`npm run bench`). V8 takes the
 * size only when a thread starts: `dejavu` gets `--max-semi-space-size` from its shebang
 * (bin/dejavu.mjs), the app the same js-flag, worker threads this resource limit.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export const YOUNG_GENERATION_MB = 12;

/**
 * How much V8 lets a heap grow past what survived its last full collection, in percent, while a
 * huge file is read: by default it lets it grow 2–4× (garbage waits for the next collection),
 * which for one huge session is hundreds of MB of RSS. 20 % keeps the heap near what is alive
 * for a few more full collections (`bench/huge-session-bench.ts`). V8 reads the flag at each
 * collection, so it can be set for one file and lifted after.
 */
const HUGE_FILE_HEAP_GROWING_PERCENT = 20;

/**
 * The same for a whole sync or import of many files, looser: V8's default let both threads' heaps
 * grow to 4-5x what was alive (main thread ~11-15 MB alive, 50-60 MB held; the indexer thread
 * ~7 MB in ~36 MB), pages the allocators then kept, so a sync's RSS climbed through its first
 * ~20 s and a 1 GB corpus peaked ~50 MB above a 50 MB one. Measured (npm run bench, 2026-11-23,
 * peak RSS 50 MB / 200 MB / 1 GB corpus, capture CPU): default 189-197 / 210 / 245 MB; 200 %
 * 189-195 / 193 / 214 MB at the same CPU; 100 % 163 / - / 196 MB but ~+15-25 % CPU, 50 % 161 /
 * - / 176 MB at ~+35 % (capture CPU is already 4-5x a bare parse against a 2x target).
 */
export const SYNC_HEAP_GROWING_PERCENT = 200;

/** The growing percent of each run under way (the app may sync while live capture reads): the smallest holds. */
const running: number[] = [];

/** Runs `work` with the heap held close to what is alive (see above), then lets V8 grow it as it likes again. */
export function withTightHeap<T>(work: () => Promise<T>): Promise<T> {
  return withHeapGrowing(HUGE_FILE_HEAP_GROWING_PERCENT, work);
}

/**
 * The same for synchronous work: `show` and `export` writing a huge stored output a slice at a
 * time, whose slices are garbage as soon as written (40 MB: ~215 → ~140 MB peak RSS).
 */
export function withTightHeapSync<T>(work: () => T): T {
  hold(HUGE_FILE_HEAP_GROWING_PERCENT);
  try {
    return work();
  } finally {
    release(HUGE_FILE_HEAP_GROWING_PERCENT);
  }
}

/** Runs `work` with V8's heap let grow at most `percent` past what survived its last full collection (the tightest of the runs under way holds). */
export async function withHeapGrowing<T>(percent: number, work: () => Promise<T>): Promise<T> {
  hold(percent);
  try {
    return await work();
  } finally {
    release(percent);
  }
}

/** The V8 flag for the runs under way (0: V8's own heuristics). */
export function heapGrowingPercent(): number {
  return running.length ? Math.min(...running) : 0;
}

function hold(percent: number): void {
  running.push(percent);
  applyGrowing();
}

function release(percent: number): void {
  running.splice(running.indexOf(percent), 1);
  applyGrowing();
}

function applyGrowing(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent()}`);
}

/** Native calls (zstd) between two full collections while a huge file's tight heap is held. */
const NATIVE_CALLS_PER_COLLECTION = 100;
let nativeCalls = 0;
let fullCollection: (() => void) | undefined;

/**
 * Called after each zstd compression. Node frees a call's native context and buffers only when V8
 * collects the handle, and V8 does not count them toward its heap, so while a huge file was
 * written (~14,000 calls for 1 GB) they held ~50 MB more than needed (a bare loop of 3,000 1 MiB
 * compressions: 110 MB peak RSS; a full collection every 100 calls: 61 MB; a minor one: 101 MB).
 * While a huge file's tight heap is held, a full collection every NATIVE_CALLS_PER_COLLECTION
 * calls lets them go; other runs are left to V8.
 */
export function afterNativeCall(): void {
  if (heapGrowingPercent() !== HUGE_FILE_HEAP_GROWING_PERCENT || ++nativeCalls % NATIVE_CALLS_PER_COLLECTION !== 0) return;
  if (!fullCollection) {
    // V8's own `gc`, reached without starting Node with --expose-gc: the flag holds for contexts made after it.
    v8.setFlagsFromString('--expose-gc');
    fullCollection = vm.runInNewContext('gc') as () => void;
  }
  fullCollection();
}
