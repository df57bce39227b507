/**
 * Live capture: while the app (or `dejavu sync --watch`) runs, the agents' session folders are
 * watched (inotify/FSEvents through chokidar, no polling) and every line an agent appends
 * reaches the archive and search within a second, read from where the last read stopped.
 * This process is the archive's one writer meanwhile: it holds the writer lock, and syncs it
 * is asked for run through the same writer, queued with the watcher's work.
 */
import os from 'node:os';
import path from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { type FollowedWriter, openArchiveWriter } from '../access/open-writer';
import { isCredentialFile } from '../providers/kit/credentials';
import { isCompressedSource } from '../providers/kit/source-bytes';
import { type IngestOptions, parseSource, type SourceFile, statSourceFile } from './ingest';
import { LiveFiles, type ReadHook } from './live-files';
import { defaultHomes, originOf } from './homes';
import { type LocatedSources, type SyncReport, syncFiles, syncSources } from './sync';
import { underRoots, WATCH_DEPTH, watchRoots } from './watch-roots';
import { WriterQueue } from '../writer-queue';

export interface LiveOptions {
  /** Archive folder. */
  readonly root: string;
  /** Homes (or folders) to watch instead of the defaults. */
  readonly sources?: readonly string[];
  readonly home?: string;
  /** Quiet time after a file's last change before it is read (coalesces bursts). Default 150 ms. */
  readonly debounceMs?: number;
  /** Conversations stored or flagged, after they are searchable. */
  readonly onChange?: (change: LiveChange) => void;
  readonly onError?: (filePath: string, error: Error) => void;
  readonly onRead?: ReadHook;
  /** Parsers kept for recently written files (LRU), by count and by bytes of source. */
  readonly maxFiles?: number;
  readonly maxBytes?: number;
}

export interface LiveChange {
  readonly path: string;
  /** Every conversation stored or flagged by this change. */
  readonly conversations: readonly string[];
  readonly created: readonly string[];
  /** `appended`: the file grew; `read`: it is new, or was rewritten or replaced; `deleted`: it is gone. */
  readonly kind: 'appended' | 'read' | 'deleted';
}

export class LiveCapture {
  private readonly writer: FollowedWriter;
  private readonly files: LiveFiles;
  private readonly known = new Map<string, SourceFile>();
  /** Files read beside sources (Provider.companionsOf) → the sources that read them. */
  private readonly companionOf = new Map<string, string[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private watcher?: FSWatcher;
  private roots: string[] = [];
  /** The watcher's work and every job lent the writer, one at a time. */
  private readonly queue = new WriterQueue();
  private rescanTimer?: NodeJS.Timeout;
  private closed = false;

  /** Takes the writer lock (throws ArchiveBusyError when another process holds it). */
  private constructor(private readonly options: LiveOptions) {
    this.writer = openArchiveWriter(options.root);
    this.files = new LiveFiles({ maxFiles: options.maxFiles, maxBytes: options.maxBytes, onRead: options.onRead });
  }

  /** Locate the sources and watch them; resolves once the watcher is ready. */
  static async start(options: LiveOptions): Promise<LiveCapture> {
    const live = new LiveCapture(options);
    try {
      await live.refresh(true);
      return live;
    } catch (err) {
      await live.close();
      throw err;
    }
  }

  /** The source files watched (for reports). */
  get watchedFiles(): number {
    return this.known.size;
  }

  /** A full sync through this capture's writer, queued after the watcher's work (never beside it). */
  sync(options: IngestOptions = {}): Promise<SyncReport> {
    return this.enqueue(async () => {
      const report = await syncFiles(this.writer, await this.located(), { ...options, root: this.options.root, sources: this.options.sources, home: this.options.home });
      await this.refresh();
      return report;
    });
  }

  /** Run a job that needs the archive's writer (an eviction sweep) in turn with the watcher's work. */
  withWriter<T>(job: (writer: FollowedWriter) => Promise<T>): Promise<T> {
    return this.enqueue(() => job(this.writer));
  }

  /** Resolves when every change seen so far has been stored. */
  async idle(): Promise<void> {
    while (this.queue.pending > 0 || this.timers.size > 0 || this.rescanTimer) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.rescanTimer) clearTimeout(this.rescanTimer);
    this.rescanTimer = undefined;
    await this.watcher?.close();
    await this.queue.idle();
    this.writer.close();
  }

  private located(): Promise<LocatedSources> {
    return syncSources({ root: this.options.root, sources: this.options.sources, home: this.options.home });
  }

  private async locate(): Promise<SourceFile[]> {
    return (await this.located()).files;
  }

  /**
   * Find the sources again; watch new session folders and files. Files found after watching
   * began are read (the first time, the ones already there are a sync's to read).
   */
  private async refresh(initial = false): Promise<void> {
    const files = await this.locate();
    const fresh = files.filter((f) => !this.known.has(f.path));
    for (const f of files) this.known.set(f.path, f);
    // Again for every file: a companion may have appeared since (a chat's store after its transcript).
    this.companionOf.clear();
    for (const f of this.known.values()) {
      for (const companion of f.provider.companionsOf?.(f.path) ?? []) this.companionOf.set(companion, [...(this.companionOf.get(companion) ?? []), f.path]);
    }
    const homes = this.options.sources?.length
      ? this.options.sources.map((dir) => ({ dir: path.resolve(dir), ...originOf(dir) }))
      : defaultHomes(this.options.home ?? os.homedir());
    const roots = watchRoots(homes, this.options.root).filter((r) => !this.roots.includes(r));
    this.roots.push(...roots);
    const loose = fresh.map((f) => f.path).filter((p) => !underRoots(p, this.roots));
    if (!this.watcher) {
      const paths = [...this.roots, ...loose];
      this.watcher = watch(paths, {
        ignoreInitial: true,
        persistent: true,
        depth: WATCH_DEPTH,
        ignored: (p) => ignoredPath(p),
      });
      this.watcher.on('all', (event, p) => this.onEvent(event, p));
      this.watcher.on('error', (err) => this.options.onError?.('(watcher)', err as Error));
      // Given no path (no agent folder exists yet), chokidar never says ready: nothing to wait for.
      if (paths.length > 0) await new Promise<void>((resolve) => this.watcher!.once('ready', () => resolve()));
    } else if (roots.length + loose.length > 0) {
      this.watcher.add([...roots, ...loose]);
    }
    // A new file, then what reads it beside it (a chat's store that appeared after its transcript).
    if (!initial) for (const f of fresh) [f.path, ...(this.companionOf.get(f.path) ?? [])].forEach((p) => this.schedule(p));
  }

  private onEvent(event: string, p: string): void {
    if (this.closed || (event !== 'add' && event !== 'change' && event !== 'unlink')) return;
    const source = p.replace(/-(wal|journal)$/, '');
    // The files that read this one beside them, after the file itself (a store before its transcript).
    const readers = this.companionOf.get(source) ?? [];
    if (this.known.has(source)) this.schedule(source);
    for (const reader of readers) this.schedule(reader);
    if (!this.known.has(source) && readers.length === 0 && event === 'add') this.scheduleRescan();
  }

  private schedule(filePath: string): void {
    clearTimeout(this.timers.get(filePath));
    this.timers.set(
      filePath,
      setTimeout(() => {
        this.timers.delete(filePath);
        void this.enqueue(() => this.update(filePath)).catch((err: Error) => this.options.onError?.(filePath, err));
      }, this.options.debounceMs ?? 150),
    );
  }

  /** A new file appeared under a session folder: locate again, once for a burst of them. */
  private scheduleRescan(): void {
    if (this.rescanTimer) return;
    this.rescanTimer = setTimeout(() => {
      void this.enqueue(() => this.refresh())
        .catch((err: Error) => this.options.onError?.('(rescan)', err))
        .finally(() => (this.rescanTimer = undefined));
    }, 300);
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    return this.queue.run(job);
  }

  /** Bring one source up to date in the archive and in search. */
  private async update(filePath: string): Promise<void> {
    const file = this.known.get(filePath);
    if (!file || this.closed) return;
    let info: { size: number; mtimeMs: number };
    try {
      info = await statSourceFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      return this.gone(filePath);
    }
    const cursor = this.writer.cursor(filePath);
    const same = cursor && !cursor.missing && cursor.size === info.size && cursor.mtimeMs === Math.trunc(info.mtimeMs) && cursor.agent === file.provider.agent;
    if (same) return;
    const appended = cursor !== undefined && !cursor.missing && info.size > cursor.size;
    let parsed;
    // A compressed file never grows: it is parsed whole, never fed from a cursor.
    // A file read from its cursor sees no change to a companion: one with companions is read whole.
    if (file.provider.incremental && !file.provider.companionsOf && !isCompressedSource(filePath)) parsed = await this.files.read(file);
    else {
      this.options.onRead?.(filePath, 0, info.size);
      parsed = await parseSource(file, info.size, info.mtimeMs);
    }
    // Searchable and digested once this resolves: both follow the writer's commits.
    const outcome = await this.writer.store([parsed]);
    const conversations = [...outcome.created, ...outcome.updated];
    this.options.onChange?.({ path: filePath, conversations, created: outcome.created, kind: appended ? 'appended' : 'read' });
  }

  private gone(filePath: string): void {
    this.files.forget(filePath);
    const cursor = this.writer.cursor(filePath);
    if (!cursor || cursor.missing) return;
    const flagged = this.writer.markSourcesMissing([filePath]);
    this.options.onChange?.({ path: filePath, conversations: flagged, created: [], kind: 'deleted' });
  }
}

/** Never watched: credential files, SQLite's shared-memory files (they change on every read), VCS and package folders. */
function ignoredPath(p: string): boolean {
  const name = path.basename(p);
  return name === 'node_modules' || name === '.git' || name.endsWith('-shm') || isCredentialFile(p);
}
