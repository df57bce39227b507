/**
 * Reads source files through their providers and stores them in batches. A file whose size
 * and mtime match its cursor is not read again. One bad file is reported and skipped; it
 * never stops the others.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AgentId } from '../../../shared/agents';
import type { ParsedSource, SourceRewriteReport } from '../archive/archive-writer';
import type { FollowedWriter } from '../access/open-writer';
import { TEMP_DIR } from '../archive/blob-store';
import { SYNC_HEAP_GROWING_PERCENT, withHeapGrowing, withTightHeap } from '../memory';
import { inInstance } from '../providers/kit/identity';
import { SourceChangedError } from '../providers/kit/line-bodies';
import type { Provider } from '../providers/kit/provider';
import { isCompressedSource } from '../providers/kit/source-bytes';
import { SpillFile } from '../providers/kit/spill-file';
import { threadIndexSink } from '../search/index-sink';
import { fileParseContext, type SourceOrigin } from './parse-context';
import { type IngestProgress, IngestProgressCounter } from './ingest-progress';
import { SNIFF_BYTES, sniffEncoding } from './text-encoding';

export type { IngestProgress } from './ingest-progress';

export interface SourceFile extends SourceOrigin {
  readonly path: string;
  readonly provider: Provider;
}


export interface IngestReport {
  readonly scanned: number;
  readonly read: number;
  readonly unchanged: number;
  readonly bytesRead: number;
  readonly created: string[];
  readonly updated: string[];
  /** Sources that dropped or changed what was archived from them: what they dropped was kept. */
  readonly rewritten: SourceRewriteReport[];
  readonly warnings: number;
  /** Files read that held nothing to archive (a log whose sessions all have their chat, an empty file): said, not passed over. */
  readonly empty: string[];
  readonly errors: { path: string; message: string }[];
  /**
   * Milliseconds spent archiving (durable once done) and then waiting for search to catch up;
   * `captureCpuMs`: the process's CPU time while archiving (every thread: the indexer's too when it runs beside).
   */
  readonly timings: { readonly captureMs: number; readonly captureCpuMs: number; readonly searchWaitMs: number };
}

export interface IngestOptions {
  /** Read even files whose cursor says they are unchanged. */
  readonly force?: boolean;
  /**
   * Read an unchanged file again when eviction has thinned what the archive holds of it, so the
   * whole thread comes back (`import`; a sync leaves eviction's work alone).
   */
  readonly restoreThinned?: boolean;
  readonly onProgress?: (p: IngestProgress) => void;
  /**
   * Flush a batch once it holds this many bytes of source (default 1 MiB: the parsed records wait
   * in memory until then; 4 MiB took the peak of a sync indexing beside it ~30 MB higher, at the
   * same CPU time).
   */
  readonly batchBytes?: number;
  /**
   * A script that runs the search indexer when started as a worker thread (see
   * index-sink.ts). Without it, search rows are indexed on the main thread.
   */
  readonly indexerWorker?: string;
  /**
   * Make everything durable first and index for search afterwards (from the blobs), instead of
   * beside the capture: the person's data is safe sooner, search later. For very large first
   * syncs, and to measure capture alone (`npm run bench`).
   */
  readonly deferSearch?: boolean;
  /**
   * Files of at least this many bytes are read last, each after everything before it is stored,
   * so one huge session never holds up the others, and each is read by its provider's
   * `parseLarge` when it has one (message bodies left in the file until written: flat memory)
   * and stored on its own (default 32 MiB, or `DEJAVU_HUGE_BYTES`).
   */
  readonly hugeBytes?: number;
}

/**
 * Archive the files, then bring search and digests up to date: they follow each batch's commit
 * (access/follow-writes.ts), and the writer's `settle` catches up with anything a crash left.
 * The heaps are held close to what is alive throughout (memory.ts): peak RSS flat over the corpus.
 */
export function ingestFiles(writer: FollowedWriter, files: readonly SourceFile[], options: IngestOptions = {}): Promise<IngestReport> {
  return withHeapGrowing(SYNC_HEAP_GROWING_PERCENT, () => ingestThenSettle(writer, files, options));
}

async function ingestThenSettle(writer: FollowedWriter, files: readonly SourceFile[], options: IngestOptions): Promise<IngestReport> {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const sized = await hugeLast(files, options.hugeBytes ?? defaultHugeBytes());
  const progress = new IngestProgressCounter(sized.length, sized.reduce((n, f) => n + f.size, 0), options.onProgress);
  const search = followSearch(writer, options, progress);
  let report: Omit<IngestReport, 'timings'>;
  let captured = started;
  let captureCpu = { user: 0, system: 0 };
  try {
    report = await captureFiles(writer, sized, options, progress, search.beforeLarge);
    captured = performance.now();
    captureCpu = process.cpuUsage(cpuAtStart);
  } catch (err) {
    // The capture's own error is the one to tell (a full disk fails the indexer too).
    await search.abandon().catch(() => undefined);
    throw err;
  }
  await search.finish();
  // Digests, and search rows of anything a crash, a deferred run or a failed catch-up left, under the writer lock the caller holds.
  await writer.follow.settle();
  const searched = performance.now();
  return { ...report, timings: { captureMs: Math.round(captured - started), captureCpuMs: Math.round((captureCpu.user + captureCpu.system) / 1000), searchWaitMs: Math.round(searched - captured) } };
}

interface FollowedSearch {
  /** Waits for search to finish, caught up with the archive when it runs in a thread (again: at once). */
  readonly finish: () => Promise<void>;
  /** The capture failed: waits for search to finish what it was handed, and no more. */
  readonly abandon: () => Promise<void>;
  /** Before a huge file is read: search goes on inline. */
  readonly beforeLarge: () => Promise<void>;
}

/**
 * How search follows the capture: deferred (no rows made; the catch-up after it indexes
 * everything from the blobs), in the indexer thread, or inline. A huge file is indexed inline,
 * after the thread has finished what the smaller files gave it: the thread's own isolate and
 * heap were ~25 MB of a 1 GB file's peak (247-258 -> 223 MB, README "One huge session"), and
 * the huge file is read alone anyway. Before the thread finishes, it catches search up with
 * what it lacks from the blobs (a search.db a migration rebuilt is the whole archive: minutes
 * at 1M messages), so the caller's thread — the app's main process — stays free meanwhile and
 * progress counts the conversations left; `settle` then finds nothing left to index.
 */
function followSearch(writer: FollowedWriter, options: IngestOptions, progress: IngestProgressCounter): FollowedSearch {
  if (options.deferSearch) {
    const deferred = writer.follow.deferIndexing();
    progress.waiting = deferred.waiting;
    const end = async () => deferred.end();
    return { finish: end, abandon: end, beforeLarge: async () => undefined };
  }
  if (!options.indexerWorker) return { finish: async () => undefined, abandon: async () => undefined, beforeLarge: async () => undefined };
  // Once every file is read, each batch the indexer thread finishes is news: search catching up.
  const sink = threadIndexSink(writer.root, options.indexerWorker, () => progress.report());
  progress.waiting = () => sink.waiting();
  const finishThread = writer.follow.indexThrough(sink);
  let finished: Promise<void> | undefined;
  // Asked while the sink still takes the commits: the thread catches up after the batches before it.
  const catchUpThenFinish = async () => {
    try {
      await sink.catchUp();
    } finally {
      await finishThread(); // also after a failure: the next commits are indexed inline again
    }
  };
  const finish = () => (finished ??= catchUpThenFinish());
  return { finish, abandon: () => (finished ??= finishThread()), beforeLarge: finish };
}

/** Files of at least this many bytes are read last (IngestOptions.hugeBytes): `DEJAVU_HUGE_BYTES` (to try the huge-file path on small files), else 32 MiB. */
function defaultHugeBytes(): number {
  const set = Number(process.env.DEJAVU_HUGE_BYTES);
  return Number.isSafeInteger(set) && set > 0 ? set : 32 * 1024 * 1024;
}

/** Bodies are read again by byte range as UTF-8 (kit/line-bodies.ts): a UTF-16 file is read whole. */
async function isUtf8File(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return sniffEncoding(head.subarray(0, bytesRead)).encoding === 'utf8';
  } finally {
    await handle.close();
  }
}

async function captureFiles(writer: FollowedWriter, files: readonly SizedFile[], options: IngestOptions, progress: IngestProgressCounter, beforeLarge: () => Promise<void>): Promise<Omit<IngestReport, 'timings'>> {
  const report = { scanned: files.length, read: 0, unchanged: 0, bytesRead: 0, created: [] as string[], updated: [] as string[], rewritten: [] as SourceRewriteReport[], warnings: 0, empty: [] as string[], errors: [] as { path: string; message: string }[] };
  const batchLimit = options.batchBytes ?? 1024 * 1024;
  let batch: ParsedSource[] = [];
  let batchSize = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const taken = batch;
    batch = [];
    batchSize = 0;
    const outcome = await writer.store(taken);
    report.created.push(...outcome.created);
    report.updated.push(...outcome.updated);
    report.rewritten.push(...outcome.rewritten);
    progress.stored([...outcome.created, ...outcome.updated]);
  };
  const hugeBytes = options.hugeBytes ?? defaultHugeBytes();
  /** When each file was parsed in this run, to read again a file parsed before its companion. */
  const parsedAt = new Map<string, number>();
  /** `again`: a second read of a file this run read already: not counted twice. */
  const capture = async (file: SourceFile, force: boolean, again = false) => {
    try {
      const info = await statSourceFile(file);
      if (info.size >= hugeBytes) await flush();
      const cursor = writer.cursor(file.path);
      const same = cursor && !cursor.missing && cursor.size === info.size && cursor.mtimeMs === Math.trunc(info.mtimeMs) && cursor.agent === file.provider.agent;
      if (same && !force && !(options.restoreThinned && writer.anyThinned(cursor.conversationIds))) {
        report.unchanged += 1;
      } else {
        const large = info.size >= hugeBytes && file.provider.parseLarge !== undefined && (await isUtf8File(file.path));
        // The indexer thread failing is the archive's failure, as a store's is.
        if (large) await beforeLarge().catch((err: unknown) => Promise.reject(new StoreFailure(err)));
        // What the huge read would hold per message goes to a file in the archive's `.tmp/`, removed once it is archived.
        const spill = large ? new SpillFile(path.join(writer.root, TEMP_DIR)) : undefined;
        const read = async () => {
          const parsed = await parseSource(file, info.size, info.mtimeMs, large, spill);
          parsedAt.set(file.path, parsedAt.size);
          if (!again) {
            report.read += 1;
            report.bytesRead += info.size;
            report.warnings += parsed.conversations.reduce((n, c) => n + c.warnings.length, 0);
            if (parsed.conversations.length === 0) report.empty.push(file.path);
          }
          batch.push(parsed);
          batchSize += info.size;
          // Its bodies are read again as they are written: stored now, on its own; the file
          // rewritten meanwhile is this file's failure (it is read again next time), not the run's.
          if (large) await flush().catch((err: unknown) => Promise.reject(err instanceof SourceChangedError ? err : new StoreFailure(err)));
        };
        try {
          await (large ? withTightHeap(read) : read());
        } finally {
          spill?.remove();
        }
      }
    } catch (err) {
      if (err instanceof StoreFailure) throw err.cause;
      report.errors.push({ path: file.path, message: readFailure(err) });
    }
    // Outside the per-file catch: failing to store (a full disk, a dead indexer) is the
    // archive's failure, not this file's, and ends the run instead of failing every file after.
    if (batchSize >= batchLimit) await flush();
    progress.report();
  };
  for (const { file, size } of files) {
    progress.looked(file.path, size);
    await capture(file, options.force === true);
  }
  await flush();
  // A file that reads a companion parsed after it (a Cursor transcript before its store: a huge
  // store goes last) is read again, now that the companion is archived.
  for (const { file } of files) {
    const at = parsedAt.get(file.path);
    if (at === undefined || !file.provider.companionsOf) continue;
    const later = file.provider.companionsOf(file.path).some((c) => (parsedAt.get(c) ?? -1) > at);
    if (later) await capture(file, true, true);
  }
  await flush();
  progress.report();
  const created = new Set(report.created);
  return { ...report, created: [...created], updated: [...new Set(report.updated)].filter((id) => !created.has(id)) };
}

/** A store that failed for the archive's sake (a full disk), not the file's: it ends the run. */
class StoreFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('store failed');
  }
}

/** Why a file was not read, without the path the report names beside it (Node's message repeats it). */
function readFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code}): it was not archived; let this user read it, then sync again`;
  return (err as Error).message;
}

interface SizedFile {
  readonly file: SourceFile;
  /** Its size when the sync began (0 when it could not be read): what progress counts in bytes. */
  readonly size: number;
}

/** The files with their sizes, in their order but those of `hugeBytes` or more last, smallest first. */
async function hugeLast(files: readonly SourceFile[], hugeBytes: number): Promise<SizedFile[]> {
  const sized = await Promise.all(files.map(async (file) => ({ file, size: await statSource(file.path).then((i) => i.size, () => 0) })));
  const huge = sized.filter((f) => f.size >= hugeBytes).sort((a, b) => a.size - b.size);
  return [...sized.filter((f) => f.size < hugeBytes), ...huge];
}

/**
 * Size and mtime of a source as the cursor compares them. An SQLite store in WAL mode takes
 * its writes in `<db>-wal` long before the main file changes, so that file counts too; so does
 * the mtime of a file its parse reads beside it (`Provider.companionsOf`), its WAL included.
 */
export async function statSource(filePath: string, companions: readonly string[] = []): Promise<{ size: number; mtimeMs: number }> {
  const own = await stat(filePath);
  let { size, mtimeMs } = own;
  const ownWal = walOf(filePath);
  for (const file of [...ownWal, ...companions.flatMap((c) => [c, ...walOf(c)])]) {
    try {
      const info = await stat(file);
      if (ownWal.includes(file)) size += info.size;
      mtimeMs = Math.max(mtimeMs, info.mtimeMs);
    } catch {
      // not there (yet): the source alone
    }
  }
  return { size, mtimeMs };
}

/** The write-ahead log an SQLite file keeps its recent writes in. */
function walOf(file: string): string[] {
  return /\.(db|sqlite3?)$/i.test(file) ? [`${file}-wal`] : [];
}

/** statSource of a located source file, its provider's companions counted. */
export function statSourceFile(file: SourceFile): Promise<{ size: number; mtimeMs: number }> {
  return statSource(file.path, file.provider.companionsOf?.(file.path));
}

/**
 * One whole read of a source through its provider, with the cursor it leaves; `large`: through
 * its `parseLarge`, message bodies left in the file.
 */
export async function parseSource(file: SourceFile, size: number, mtimeMs: number, large = false, spill?: SpillFile): Promise<ParsedSource> {
  const base = fileParseContext(file.path, file, size);
  let readOffset = 0;
  let wholeText = false;
  const ctx = {
    ...base,
    async *lines(options?: { readonly farLineBytes?: number }) {
      for await (const line of base.lines(options)) {
        readOffset = line.endOffset;
        yield line;
      }
    },
    async readText(note?: (message: string) => void) {
      wholeText = true;
      return base.readText(note);
    },
  };
  const conversations = inInstance(await (large && file.provider.parseLarge ? file.provider.parseLarge(ctx, spill) : file.provider.parse(ctx)), file.instance);
  return {
    path: file.path,
    agent: file.provider.agent as AgentId,
    instance: file.instance,
    size,
    mtimeMs,
    // A compressed file is read whole: the offsets of its lines are not the file's.
    readOffset: wholeText || isCompressedSource(file.path) ? size : readOffset,
    conversations,
    replaces: file.provider.replaces?.(file.path),
    mirrors: file.provider.mirrors,
  };
}
