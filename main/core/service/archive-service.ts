/**
 * The contract's handlers, Electron-free: the Electron shell registers them on IPC and
 * `dejavu serve` answers them over HTTP, so both surfaces behave the same. Every request is
 * validated against the contract's schema; every answer is a Result, never a throw. What each
 * channel does is a use-case (use-cases/); this class holds the process's state around them:
 * the one writer queue, live capture, the thread cache and the events.
 */
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { ZodError } from 'zod';
import { channelHandlers, type Handlers } from './channel-handlers';
import { CommandMailbox } from './command-mailbox';
import { InvalidRequestError, toFailure } from './request-errors';
import { type BackgroundFailure, type BackgroundTask, type ChannelName, contract, type ContractEvents, type EventName, type ExportFile, type FolderSyncOutcome, type MergeOutcome, type RequestOf, type ResponseOf, type SyncOutcome } from '../../../shared/contract';
import { syncProgressOf } from '../../../shared/sync-progress';
import type { EvictionReport } from '../../../shared/retention';
import { fail, ok, type Result } from '../../../shared/result';
import { checkedFolder } from './checked-folder';
import { INLINE_WHILE_STARTING, readingLane } from './read-channels';
import { ANSWER_INLINE, CANCELLED, IDLE_MS, ReadingWorkers } from './reading-workers';
import { ThreadCache } from './thread-cache';
import { createLogger, errorText, type Logger, type LogSink } from '../logger';
import { WriterQueue } from '../writer-queue';
import { applySweep, planSweep, type SettingsPatch } from '../use-cases/evict';
import { LiveCapture } from '../use-cases/live';
import { mergeFrom, MergeSourceError } from '../use-cases/merge';
import { ArchiveReader } from '../use-cases/open-archive';
import { sweepWhenDue } from '../use-cases/retention-cadence';
import { changedBy, syncFolder, syncHomes, type SyncOptions, syncOutcome, type SyncReport } from '../use-cases/sync';
import { type ArchiveWrites, liveWrites, oneShotWrites } from '../use-cases/writes';

/** Background failures `dejavu:status` carries: the newest; older ones are in the log. */
const KEPT_FAILURES = 50;

export interface ServiceOptions {
  readonly root: string;
  /** Homes to sync instead of the defaults (tests, `serve --source`). */
  readonly sources?: readonly string[];
  readonly home?: string;
  readonly indexerWorker?: string;
  /**
   * The reading threads' script (reading-thread.ts as a bundle): the slow reading channels are
   * answered there (reading-workers.ts). Without it they are answered on this thread.
   */
  readonly readingWorker?: string;
  /** Native save dialog (Electron); absent over HTTP. Resolves to the path written, or null. */
  readonly saveFile?: (file: ExportFile) => Promise<string | null>;
  /** Native open dialog for an archive to merge (Electron); absent over HTTP. Resolves to the path chosen, or null. */
  readonly pickArchive?: () => Promise<string | null>;
  /** Native folder dialog for a folder to archive (Electron); absent over HTTP. Resolves to the folder chosen, or null. */
  readonly pickFolder?: () => Promise<string | null>;
  /** Opens a checked http(s) URL outside the app (Electron); absent over HTTP. */
  readonly openExternal?: (url: string) => Promise<void>;
  /** The renderer opened a conversation, or closed it (null): the desktop menu follows (Export). */
  readonly onViewing?: (id: string | null) => void;
  /** Where the service's log lines go (default stderr). */
  readonly log?: LogSink;
  /** Characters of text one search page reads (default APP_PAGE_TEXT); a test or diagnostic knob (`dejavu serve --search-page-text`). */
  readonly searchPageText?: number;
}

export class ArchiveService {
  private readonly reader: ArchiveReader;
  private readonly events = new EventEmitter();
  private readonly threads: ThreadCache;
  /** Every write of this process, one at a time: syncs, sweeps, merges, pins, settings, live capture's start. */
  private readonly queue = new WriterQueue();
  /** The use-cases' writes, through the queue (and live capture's writer while it runs). */
  private readonly writes: ArchiveWrites;
  /** Syncs queued or running. */
  private syncs = 0;
  /** The homes' sync asked for, running or waiting its turn: later requests join it. */
  private homeSync: Promise<SyncOutcome> | undefined;
  /** The applied sweep asked for, running or waiting its turn: later requests join it. */
  private evicting: Promise<EvictionReport> | undefined;
  /** Live capture, while on: it holds the writer, so every job runs through it. */
  private live: LiveCapture | undefined;
  private liveStart: Promise<void> | undefined;
  private lastSync: { at: string; outcome: SyncOutcome } | undefined;
  private failures: readonly BackgroundFailure[] = [];
  private readonly unfinished = new Set<Promise<unknown>>();
  private readonly handlers: Handlers;
  /** The slow reading channels' threads, when the host gave their script. */
  private readonly readingWorkers: ReadingWorkers | undefined;
  private readonly commands = new CommandMailbox<ContractEvents['dejavu:command']>();
  private readonly log: Logger;

  constructor(private readonly options: ServiceOptions) {
    this.log = createLogger('service', options.log);
    this.reader = new ArchiveReader(options.root);
    this.threads = new ThreadCache(this.reader);
    if (options.readingWorker) {
      const unloadable = (err: Error) => this.log.error('the reading threads cannot start: slow reads are answered on this thread', err);
      this.readingWorkers = new ReadingWorkers(options.readingWorker, options, IDLE_MS, unloadable);
    }
    this.writes = {
      root: options.root,
      syncHomes: (o) => this.queue.run(() => this.writer().syncHomes(o)),
      withWriter: (job) => this.queue.run(() => this.writer().withWriter(job)),
      withIndex: (write) => this.queue.run(() => this.writer().withIndex(write)),
    };
    // The handlers reach the service's state and queue through these alone.
    this.handlers = channelHandlers({
      options,
      reader: this.reader,
      writes: this.writes,
      syncState: () => ({ syncing: this.syncs > 0, lastSync: this.lastSync, recentFailures: this.failures }),
      conversation: (id) => this.threads.get(id),
      sync: () => this.sync(),
      evict: (dryRun, overrides) => this.evict(dryRun, overrides),
      mergeArchive: (target) => this.mergeArchive(target),
      syncFolder: (folder) => this.syncFolder(folder),
      pendingCommands: () => this.commands.drain(),
      emit: (event, payload) => this.emit(event, payload),
    });
  }

  /**
   * Validate and answer one request. `signal`: the caller gave it up (a search typed past, a page
   * left); one not begun yet is then answered CANCELLED instead of read (one begun runs to its end).
   */
  async handle<C extends ChannelName>(channel: C, request: unknown, signal?: AbortSignal): Promise<Result<ResponseOf<C>>> {
    const spec = contract[channel];
    if (!spec) return fail('invalid-request', `unknown channel ${String(channel)}`);
    // Only an absent request means "no fields": a null one is malformed, like any other non-object.
    const parsed = spec.request.safeParse(request === undefined ? {} : request);
    if (!parsed.success) return fail('invalid-request', describeZod(parsed.error));
    // A slow read goes to a reading thread, so this thread goes on answering the others meanwhile.
    const lane = this.readingWorkers && readingLane(channel, parsed.data as RequestOf<C>);
    // A search is answered here while its lane's thread starts (read-channels.ts INLINE_WHILE_STARTING).
    if (lane && !(INLINE_WHILE_STARTING.has(lane) && this.readingWorkers!.startUnlessReady(lane))) {
      const answer = await this.readingWorkers!.ask(lane, channel, parsed.data, signal);
      if (answer !== ANSWER_INLINE) return answer as Result<ResponseOf<C>>;
    }
    if (signal?.aborted) return CANCELLED;
    try {
      const handler = this.handlers[channel] as (req: unknown) => Promise<ResponseOf<C>> | ResponseOf<C>;
      return ok(await handler(parsed.data));
    } catch (err) {
      return toFailure(err);
    }
  }

  /** One sync at a time: a second request joins the one running (or, behind a folder's sync, the one queued). */
  sync(): Promise<SyncOutcome> {
    this.homeSync ??= this.queueSync((writer, options) => syncHomes(writer, options)).finally(() => {
      this.homeSync = undefined;
    });
    return this.homeSync;
  }

  /**
   * Archive one folder the person added, as `dejavu sync --source <folder>` does, after any sync
   * running. A path that is not a folder is refused before anything is read.
   */
  async syncFolder(folder: string): Promise<FolderSyncOutcome> {
    const checked = checkedFolder(folder, this.options.home ?? os.homedir(), this.options.root);
    return { folder: checked, ...(await this.queueSync((writer, options) => syncFolder(writer, { ...options, folder: checked }), checked)) };
  }

  /** A sync as one job of the queue, announced, then the sweep the cadence calls for queued behind it. */
  private async queueSync(run: (writer: ArchiveWrites, options: SyncOptions) => Promise<SyncReport>, folder?: string): Promise<SyncOutcome> {
    this.syncs += 1;
    try {
      return await this.queue.run(async () => this.synced(await run(this.writer(), this.syncOptions()), folder));
    } catch (err) {
      // The progress line ends with the sync, failed too ("Indexing for search: N to go" would stay on screen).
      this.emit('dejavu:sync-progress', { failed: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      this.syncs -= 1;
    }
  }

  private syncOptions(): SyncOptions {
    return {
      root: this.options.root,
      sources: this.options.sources,
      home: this.options.home,
      indexerWorker: this.options.indexerWorker,
      onProgress: (p) => {
        this.emit('dejavu:sync-progress', syncProgressOf(p));
        // What each commit stored is browsable now: the lists show it before the sync ends.
        if (p.stored.length) this.emit('dejavu:changed', { conversations: p.stored });
      },
    };
  }

  private synced(report: SyncReport, folder?: string): SyncOutcome {
    const outcome = syncOutcome(report);
    this.lastSync = { at: new Date().toISOString(), outcome, ...(folder ? { folder } : {}) };
    const changed = changedBy(report);
    if (changed.length) this.emit('dejavu:changed', { conversations: changed });
    this.emit('dejavu:sync-progress', { finished: outcome });
    // The cadence's sweep is queued now (it runs once this sync's job ends), so `idle()` sees it; its failure is not the sync's.
    this.inBackground('eviction sweep', sweepWhenDue(this.writes, Date.now(), this.options.indexerWorker).then((r) => r && this.swept(r)));
    return outcome;
  }

  /**
   * An eviction sweep (or its plan). It runs in chunks that yield to the event loop, so other
   * requests are answered meanwhile; one applied sweep at a time, queued with the other writes.
   */
  evict(dryRun: boolean, overrides?: SettingsPatch): Promise<EvictionReport> {
    if (dryRun) return planSweep(this.options.root, overrides);
    this.evicting ??= this.track(applySweep(this.writes, { indexerWorker: this.options.indexerWorker }).then((report) => this.swept(report))).finally(() => {
      this.evicting = undefined;
    });
    return this.evicting;
  }

  private swept(report: EvictionReport): EvictionReport {
    this.threads.clear();
    if (report.steps.length) this.emit('dejavu:changed', { conversations: report.steps.map((s) => s.conversationId) });
    return report;
  }

  /** Merge another machine's archive through this archive's writer, queued with the other writes. */
  private async mergeArchive(target: string): Promise<MergeOutcome> {
    if (path.resolve(target) === path.resolve(this.options.root)) throw new InvalidRequestError('that is this archive: choose another machine’s archive to merge');
    let report;
    try {
      report = await mergeFrom(this.writes, target, { indexerWorker: this.options.indexerWorker });
    } catch (err) {
      throw err instanceof MergeSourceError ? new InvalidRequestError(err.message) : err;
    }
    this.threads.clear();
    const changed = [...report.added, ...report.updated];
    if (changed.length) this.emit('dejavu:changed', { conversations: changed });
    return { path: path.resolve(target), machine: report.machine.name, considered: report.considered, added: report.added.length, updated: report.updated.length, unchanged: report.unchanged, errors: report.errors };
  }

  /**
   * Work the host starts on its own (the app's live capture, its periodic sync): resolves when it
   * has ended; a failure is logged and announced as `dejavu:background-failure`, never thrown.
   */
  async background(task: BackgroundTask, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.backgroundFailed(task, errorText(err));
    }
  }

  /** Work nobody awaits: its failure is logged and announced (the status bar), never dropped. */
  private inBackground(task: BackgroundTask, work: Promise<unknown>): void {
    this.track(work).catch((err: unknown) => this.backgroundFailed(task, errorText(err)));
  }

  private backgroundFailed(task: BackgroundTask, message: string): void {
    this.log.error(`${task} failed`, message);
    const failure: BackgroundFailure = { task, message, at: new Date().toISOString() };
    // Kept for `dejavu:status` too: a window that subscribes later (opened, reloaded) still sees it.
    this.failures = [failure, ...this.failures].slice(0, KEPT_FAILURES);
    this.emit('dejavu:background-failure', failure);
  }

  /** Resolves once no write is queued or running, including the sweep a sync started and what follows it. */
  async idle(): Promise<void> {
    while (this.queue.pending > 0 || this.unfinished.size > 0) {
      await this.queue.idle();
      await Promise.allSettled([...this.unfinished]);
    }
  }

  /** Work that outlives its queue job (a sweep's announcement), until it ends. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.unfinished.add(work);
    // Only forgotten here; its failure is reported by whoever owns it (its caller, or inBackground).
    const forget = () => void this.unfinished.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** The writer a job runs with once its turn comes: live capture's while it runs, else a fresh one per job. */
  private writer(): ArchiveWrites {
    return this.live ? liveWrites(this.options.root, this.live) : oneShotWrites(this.options.root);
  }

  /**
   * Watch the agents' files and archive every appended line as it is written; appended
   * conversations are announced as `dejavu:changed`. This process becomes the archive's one
   * writer (a job of the queue: never beside a sync or a sweep): throws ArchiveBusyError while
   * another process writes it (try again later).
   */
  startLive(): Promise<void> {
    this.liveStart ??= this.queue
      .run(async () => {
        this.live ??= await LiveCapture.start({
          root: this.options.root,
          sources: this.options.sources,
          home: this.options.home,
          onChange: (change) => {
            this.threads.forget(change.conversations);
            if (change.conversations.length) this.emit('dejavu:changed', { conversations: change.conversations });
          },
          onError: (file, err) => this.backgroundFailed('live capture', `${file}: ${err.message}`),
        });
      })
      .finally(() => {
        this.liveStart = undefined;
      });
    return this.liveStart;
  }

  /** Stop watching and give the writer lock back (after a start under way; its failure was its caller's). */
  async stopLive(): Promise<void> {
    await Promise.allSettled([this.liveStart]);
    const live = this.live;
    this.live = undefined;
    await live?.close();
  }

  get isLive(): boolean {
    return this.live !== undefined;
  }

  /** Send the renderer a command, or keep it until the renderer listens (see CommandMailbox). */
  postCommand(command: ContractEvents['dejavu:command']): void {
    this.commands.post(command, (c) => this.emit('dejavu:command', c));
  }

  /** The renderer is reloading: commands wait until it subscribes again. */
  rendererReloading(): void {
    this.commands.reset();
  }

  on<E extends EventName>(event: E, listener: (payload: ContractEvents[E]) => void): () => void {
    this.events.on(event, listener);
    return () => this.events.off(event, listener);
  }

  emit<E extends EventName>(event: E, payload: ContractEvents[E]): void {
    this.events.emit(event, payload);
  }

  /** The reading lanes whose thread is running (diagnostics, tests). */
  readingThreads(): string[] {
    return this.readingWorkers?.running() ?? [];
  }

  /** The lanes whose reading thread is running and ready to answer (tests, diagnostics). */
  readingThreadsReady(): string[] {
    return this.readingWorkers?.ready() ?? [];
  }

  close(): void {
    this.readingWorkers?.close();
    this.reader.close();
  }
}

function describeZod(error: ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
}
