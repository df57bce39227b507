/**
 * The contract's handlers, Electron-free: the Electron shell registers them on IPC and
 * `dejavu serve` answers them over HTTP, so both surfaces behave the same. Every request is
 * validated against the contract's schema; every answer is a Result, never a throw.
 */
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { ZodError } from 'zod';
import { channelHandlers, type Handlers } from './channel-handlers';
import { ArchiveReader } from '../access/archive-reader';
import { CommandMailbox } from './command-mailbox';
import { InvalidRequestError, toFailure } from './request-errors';
import { type BackgroundTask, type ChannelName, contract, type ContractEvents, type EventName, type ExportFile, type FolderSyncOutcome, type MergeOutcome, type ResponseOf, type SyncOutcome } from '../../../shared/contract';
import type { Conversation } from '../../../shared/record';
import { fail, ok, type Result } from '../../../shared/result';
import { sync, syncFiles, type SyncOptions, type SyncReport, syncSources } from '../capture/sync';
import { checkedFolder } from './checked-folder';
import { withWriterLock } from '../archive/locked-write';
import { createLogger, errorText, type Logger, type LogSink } from '../logger';
import { LiveCapture } from '../capture/live';
import { type FollowedWriter, openArchiveWriter } from '../access/open-writer';
import { type IndexDb, openReadableIndex } from '../archive/db';
import { sweep } from '../retention/evict';
import { lastRunAt, readSettings, type SettingsPatch, sweepDue } from '../retention/settings';
import type { EvictionReport } from '../../../shared/retention';
import { MergeSourceError, openArchiveSource } from '../transfer/archive-source';
import { mergeArchive } from '../transfer/merge-archive';

export interface ServiceOptions {
  readonly root: string;
  /** Homes to sync instead of the defaults (tests, `serve --source`). */
  readonly sources?: readonly string[];
  readonly home?: string;
  readonly indexerWorker?: string;
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
}

/** Decoded conversations kept for paging through long threads. */
const CACHE_SIZE = 4;

export class ArchiveService {
  private readonly reader: ArchiveReader;
  private readonly events = new EventEmitter();
  private readonly cache = new Map<string, { archivedAt: string; conversation: Conversation }>();
  /** The sync running now (of the homes, or of a folder the person added). */
  private syncing: Promise<SyncOutcome> | undefined;
  /** The homes' sync asked for, running or waiting its turn: later requests join it. */
  private homeSync: Promise<SyncOutcome> | undefined;
  /** Live capture, while on: it holds the writer, so syncs run through it. */
  private live: LiveCapture | undefined;
  private liveStarting: Promise<void> | undefined;
  private liveQueued: Promise<void> | undefined;
  private evicting: Promise<EvictionReport> | undefined;
  private lastSync: { at: string; outcome: SyncOutcome } | undefined;
  private readonly handlers: Handlers;
  private readonly commands = new CommandMailbox<ContractEvents['dejavu:command']>();
  private readonly log: Logger;

  constructor(private readonly options: ServiceOptions) {
    this.log = createLogger('service', options.log);
    this.reader = new ArchiveReader(options.root);
    // The handlers reach the service's private state and queues through these alone.
    this.handlers = channelHandlers({
      options,
      reader: this.reader,
      syncState: () => ({ syncing: this.syncing !== undefined, lastSync: this.lastSync }),
      conversation: (id) => this.conversation(id),
      withIndex: (write) => this.withIndex(write),
      sync: () => this.sync(),
      evict: (dryRun, overrides) => this.evict(dryRun, overrides),
      mergeArchive: (target) => this.mergeArchive(target),
      syncFolder: (folder) => this.syncFolder(folder),
      pendingCommands: () => this.commands.drain(),
      emit: (event, payload) => this.emit(event, payload),
    });
  }

  /** Validate and answer one request. */
  async handle<C extends ChannelName>(channel: C, request: unknown): Promise<Result<ResponseOf<C>>> {
    const spec = contract[channel];
    if (!spec) return fail('invalid-request', `unknown channel ${String(channel)}`);
    // Only an absent request means "no fields": a null one is malformed, like any other non-object.
    const parsed = spec.request.safeParse(request === undefined ? {} : request);
    if (!parsed.success) return fail('invalid-request', describeZod(parsed.error));
    try {
      const handler = this.handlers[channel] as (req: unknown) => Promise<ResponseOf<C>> | ResponseOf<C>;
      return ok(await handler(parsed.data));
    } catch (err) {
      return toFailure(err);
    }
  }

  /** One sync at a time: a second request joins the one running (or, behind a folder's sync, the one queued). */
  sync(): Promise<SyncOutcome> {
    this.homeSync ??= this.queueSync().finally(() => {
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
    return { folder: checked, ...(await this.queueSync(checked)) };
  }

  /** Runs a sync once none is running; `folder`: that folder alone instead of the homes. */
  private async queueSync(folder?: string): Promise<SyncOutcome> {
    while (this.syncing) await settled(this.syncing);
    // Set before any other await, so `syncing` tells the truth and the next in line waits.
    const running = this.runSync(folder);
    this.syncing = running;
    try {
      return await running;
    } finally {
      if (this.syncing === running) this.syncing = undefined;
    }
  }

  private async runSync(folder?: string): Promise<SyncOutcome> {
    await settled(this.evicting); // one writer at a time
    const options: SyncOptions = {
      root: this.options.root,
      sources: folder ? [folder] : this.options.sources,
      home: this.options.home,
      indexerWorker: this.options.indexerWorker,
      onProgress: (p) => this.emit('dejavu:sync-progress', { done: p.done, total: p.total }),
    };
    const report = folder ? await this.syncFolderOnce(options) : await this.syncOnce(options);
    const outcome: SyncOutcome = {
      read: report.read,
      unchanged: report.unchanged,
      created: report.created.length,
      updated: report.updated.length,
      sourceDeleted: report.sourceDeleted.length,
      errors: report.errors,
      looked: report.looked,
    };
    this.lastSync = { at: new Date().toISOString(), outcome, ...(folder ? { folder } : {}) };
    const changed = [...report.created, ...report.updated, ...report.sourceDeleted];
    if (changed.length) this.emit('dejavu:changed', { conversations: changed });
    this.emit('dejavu:sync-progress', { finished: outcome });
    this.sweepIfDue();
    return outcome;
  }

  /**
   * An eviction sweep (or its plan). It runs in chunks that yield to the event loop, so other
   * requests are answered meanwhile; one applied sweep at a time, never beside a sync.
   */
  evict(dryRun: boolean, overrides?: SettingsPatch): Promise<EvictionReport> {
    const root = this.options.root;
    if (dryRun) {
      return (async () => {
        const db = openReadableIndex(root);
        try {
          return await sweep({ root, db }, { apply: false, overrides });
        } finally {
          db.close();
        }
      })();
    }
    this.evicting ??= (async () => {
      try {
        await settled(this.syncing);
        const report = await this.withWriter((writer) => sweep(writer, { apply: true }));
        this.cache.clear();
        if (report.steps.length) this.emit('dejavu:changed', { conversations: report.steps.map((s) => s.conversationId) });
        return report;
      } finally {
        this.evicting = undefined;
      }
    })();
    return this.evicting;
  }

  /** Merge another machine's archive through this archive's writer, never beside a sync or a sweep. */
  private async mergeArchive(target: string): Promise<MergeOutcome> {
    if (path.resolve(target) === path.resolve(this.options.root)) throw new InvalidRequestError('that is this archive: choose another machine’s archive to merge');
    let source;
    try {
      source = openArchiveSource(target);
    } catch (err) {
      throw err instanceof MergeSourceError ? new InvalidRequestError(err.message) : err;
    }
    try {
      await settled(this.syncing);
      await settled(this.evicting);
      const report = await this.withWriter((writer) => mergeArchive(writer, source));
      this.cache.clear();
      const changed = [...report.added, ...report.updated];
      if (changed.length) this.emit('dejavu:changed', { conversations: changed });
      return { path: path.resolve(target), machine: report.machine.name, considered: report.considered, added: report.added.length, updated: report.updated.length, unchanged: report.unchanged, errors: report.errors };
    } finally {
      source.close();
    }
  }

  /** After a sync, sweep when the cadence says so (daily, or on every sync); its failure is not the sync's. */
  private sweepIfDue(): void {
    const settings = readSettings(this.reader.db);
    if (!sweepDue(settings, lastRunAt(this.reader.db))) return;
    // Started now (it waits for this sync to end), so `idle()` sees it.
    this.inBackground('eviction sweep', this.evict(false));
  }

  /** Work nobody awaits: its failure is logged and announced (the status bar), never dropped. */
  private inBackground(task: BackgroundTask, work: Promise<unknown>): void {
    work.catch((err: unknown) => this.backgroundFailed(task, errorText(err)));
  }

  private backgroundFailed(task: BackgroundTask, message: string): void {
    this.log.error(`${task} failed`, message);
    this.emit('dejavu:background-failure', { task, message, at: new Date().toISOString() });
  }

  /** Resolves once no sync or sweep is running, including the sweep a sync started. */
  async idle(): Promise<void> {
    while (this.syncing || this.evicting) {
      await settled(this.syncing);
      await settled(this.evicting);
    }
  }

  /**
   * A short write (a pin, a setting) under the writer lock: through live capture's writer while
   * it runs, else after this process's sync or sweep, waiting for another process's writer.
   */
  private async withIndex<T>(write: (db: IndexDb) => T): Promise<T> {
    await settled(this.liveStarting);
    if (this.live) return this.live.withWriter(async (writer) => write(writer.db));
    await settled(this.syncing);
    await settled(this.evicting);
    return withWriterLock(this.options.root, write);
  }

  /**
   * Watch the agents' files and archive every appended line as it is written; appended
   * conversations are announced as `dejavu:changed`. This process becomes the archive's one
   * writer: throws ArchiveBusyError while another process writes it (try again later).
   */
  startLive(): Promise<void> {
    if (this.live) return Promise.resolve();
    this.liveQueued ??= (async () => {
      try {
        // Not beside a sync's or a sweep's writer. Only the start itself is `liveStarting`, which
        // they wait for: waiting on each other here would never end.
        while (this.syncing || this.evicting) {
          await settled(this.syncing);
          await settled(this.evicting);
        }
        this.liveStarting = (async () => {
          this.live = await LiveCapture.start({
            root: this.options.root,
            sources: this.options.sources,
            home: this.options.home,
            onChange: (change) => {
              for (const id of change.conversations) this.cache.delete(id);
              if (change.conversations.length) this.emit('dejavu:changed', { conversations: change.conversations });
            },
            onError: (file, err) => this.backgroundFailed('live capture', `${file}: ${err.message}`),
          });
        })();
        await this.liveStarting;
      } finally {
        this.liveStarting = undefined;
        this.liveQueued = undefined;
      }
    })();
    return this.liveQueued;
  }

  /** Stop watching and give the writer lock back. */
  async stopLive(): Promise<void> {
    await settled(this.liveQueued);
    const live = this.live;
    this.live = undefined;
    await live?.close();
  }

  get isLive(): boolean {
    return this.live !== undefined;
  }

  /** The archive's writer for one job: live capture's while it runs (queued with its work), else a fresh one. */
  private async withWriter<T>(job: (writer: FollowedWriter) => Promise<T>): Promise<T> {
    await settled(this.liveStarting);
    if (this.live) return this.live.withWriter(job);
    const writer = openArchiveWriter(this.options.root);
    try {
      return await job(writer);
    } finally {
      writer.close();
    }
  }

  /** One folder's sync: its files found first, then stored through the archive's writer (live capture's while it runs, which watches only the homes). */
  private async syncFolderOnce(options: SyncOptions): Promise<SyncReport> {
    const located = await syncSources(options);
    return this.withWriter((writer) => syncFiles(writer, located, options));
  }

  /** A sync through live capture's writer while it runs (never a second writer beside it), else on its own. */
  private async syncOnce(options: SyncOptions): Promise<SyncReport> {
    await settled(this.liveStarting);
    return this.live ? this.live.sync(options) : sync(options);
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

  close(): void {
    this.reader.close();
  }

  private conversation(idOrPrefix: string): Conversation {
    const summary = this.reader.summary(idOrPrefix);
    const hit = this.cache.get(summary.id);
    if (hit && hit.archivedAt === summary.archivedAt) {
      this.cache.delete(summary.id);
      this.cache.set(summary.id, hit);
      return hit.conversation;
    }
    const conversation = this.reader.get(summary.id);
    this.cache.set(summary.id, { archivedAt: summary.archivedAt, conversation });
    while (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return conversation;
  }

}

function describeZod(error: ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
}

/**
 * Resolves when `work` (another writer this one must not run beside) has ended, however it
 * ended: its failure is its starter's to report (the request that asked for it, or inBackground).
 */
function settled(work: Promise<unknown> | undefined): Promise<void> {
  return (work ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}
