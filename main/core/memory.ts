/**
 * Keeps a sync's memory flat. Parsing allocates many short-lived strings; V8's default young
 * generation lets them pile up to tens of MB per thread before a scavenge, which shows as peak
 * RSS, not as speed. A small one costs nothing measurable here (`npm run bench`). V8 takes the
 * size only when a thread starts: `dejavu` gets `--max-semi-space-size` from its shebang
 * (bin/dejavu.mjs), the app the same js-flag, worker threads this resource limit.
 */
import v8 from 'node:v8';

export const YOUNG_GENERATION_MB = 12;

/**
 * How much V8 lets a heap grow past what survived its last full collection, in percent, while a
 * huge file is read: by default it lets it grow 2–4× (garbage waits for the next collection),
 * which for one huge session is hundreds of MB of RSS. 20 % keeps the heap near what is alive
 * for a few more full collections (`bench/huge-session-bench.ts`). V8 reads the flag at each
 * collection, so it can be set for one file and lifted after.
 */
const HUGE_FILE_HEAP_GROWING_PERCENT = 20;

/** How many `withTightHeap` runs are under way (the app may sync while live capture reads). */
let tight = 0;

/** Runs `work` with the heap held close to what is alive (see above), then lets V8 grow it as it likes again. */
export async function withTightHeap<T>(work: () => Promise<T>): Promise<T> {
  tighten();
  try {
    return await work();
  } finally {
    loosen();
  }
}

/**
 * The same for synchronous work: `show` and `export` writing a huge stored output a slice at a
 * time, whose slices are garbage as soon as written (40 MB: ~215 → ~140 MB peak RSS).
 */
export function withTightHeapSync<T>(work: () => T): T {
  tighten();
  try {
    return work();
  } finally {
    loosen();
  }
}

function tighten(): void {
  if (tight++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${HUGE_FILE_HEAP_GROWING_PERCENT}`);
}

function loosen(): void {
  if (--tight === 0) v8.setFlagsFromString('--heap-growing-percent=0');
}
