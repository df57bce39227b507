/**
 * The contract's channels and what each answers, as ArchiveService serves them: one handler a
 * channel, reading the archive through the service's reader and writing through its queues.
 */
import os from 'node:os';
import type { ChannelName, ContractEvents, EventName, ExportFile, ExportFormat, FolderSyncOutcome, MergeOutcome, RequestOf, ResponseOf, SyncOutcome } from '../../../shared/contract';
import type { FileTouchEntry } from '../../../shared/files';
import type { PlanOrigin } from '../../../shared/plans';
import type { Conversation } from '../../../shared/record';
import type { EvictionReport } from '../../../shared/retention';
import type { ArchiveReader } from '../access/archive-reader';
import type { WritableIndex } from '../archive/db';
import { doctorCensus } from '../doctor/census';
import { editsToFile } from '../files/file-diffs';
import { conversationsTouching, filesOfConversation } from '../files/files-query';
import { listPlans } from '../plans/plans-query';
import { providerFor } from '../providers/registry';
import { outgoingConversation, redactsOutgoing } from '../redact/outgoing';
import { readPrivacy, savePrivacy } from '../redact/settings';
import { conversationToHtml } from '../render/html';
import { conversationToMarkdown, exportFileName } from '../render/markdown';
import { setPinned } from '../retention/pins';
import { InvalidSettingsError, type SettingsPatch, saveSettings } from '../retention/settings';
import { retentionView } from '../retention/view';
import { claudeCleanupRisk } from '../storage/agent-cleanup';
import { spaceBreakdown } from '../storage/space-breakdown';
import { timeline } from '../timeline/timeline-query';
import { usageReport } from '../usage/usage-report';
import { readLastCheck } from '../verify/last-check';
import type { ServiceOptions } from './archive-service';
import { FolderError } from './checked-folder';
import { InvalidRequestError, UnsupportedError } from './request-errors';

export type Handlers = { [C in ChannelName]: (req: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C> };

/** What the handlers ask of ArchiveService: its reader, its state, and the work it queues. */
export interface HandlerHost {
  readonly options: ServiceOptions;
  readonly reader: ArchiveReader;
  syncState(): { syncing: boolean; lastSync: ResponseOf<'dejavu:status'>['lastSync'] };
  conversation(idOrPrefix: string): Conversation;
  withIndex<T>(write: (db: WritableIndex) => T): Promise<T>;
  sync(): Promise<SyncOutcome>;
  evict(dryRun: boolean, overrides?: SettingsPatch): Promise<EvictionReport>;
  mergeArchive(target: string): Promise<MergeOutcome>;
  syncFolder(folder: string): Promise<FolderSyncOutcome>;
  pendingCommands(): ContractEvents['dejavu:command'][];
  emit<E extends EventName>(event: E, payload: ContractEvents[E]): void;
}

/** The handler of every channel; each throws what request-errors.ts turns into a failed Result. */
export function channelHandlers(host: HandlerHost): Handlers {
  return { ...readingHandlers(host), ...actingHandlers(host) };
}

/** The channels that read the archive (and the renderer's pending commands). */
function readingHandlers(host: HandlerHost) {
  return {
    'dejavu:status': () => ({
      archive: host.options.root,
      stats: host.reader.stats(),
      ...host.syncState(),
      capabilities: { saveDialog: Boolean(host.options.saveFile), openDialog: Boolean(host.options.pickArchive), folderDialog: Boolean(host.options.pickFolder), openExternal: Boolean(host.options.openExternal) },
    }),
    'dejavu:tree': (req) => host.reader.tree(req.agent, req.timeZone),
    'dejavu:conversations': (req) => host.reader.list(req),
    'dejavu:conversation': (req) => {
      const conversation = host.conversation(req.id);
      const summary = host.reader.summary(conversation.id);
      const children = host.reader.list({ parentId: conversation.id });
      return { summary, children, resume: providerFor(conversation.agent)?.resumeCommand(conversation), warnings: conversation.warnings, rewrites: conversation.rewrites ?? [] };
    },
    'dejavu:messages': (req) => {
      const conversation = host.conversation(req.id);
      const messages = conversation.messages.slice(req.offset, req.offset + req.limit).map(({ native: _native, ...m }) => m);
      return { total: conversation.messages.length, offset: req.offset, messages };
    },
    'dejavu:search': (req) => host.reader.search(req.query, req),
    'dejavu:export': (req) => exportFile(host, req.id, req.format, req.timeZone),
    'dejavu:retention': () => retentionView(host.options.root, host.reader.db),
    'dejavu:usage': (req) => usageReport(host.reader.db, req),
    'dejavu:plans': (req) => listPlans(host.reader.db, { ...req, origin: req.origin as PlanOrigin | undefined }),
    'dejavu:timeline': (req) => timeline(host.reader.db, req),
    'dejavu:files': (req) => {
      if (req.conversationId !== undefined) return filesOfConversation(host.reader.db, host.reader.resolveId(req.conversationId));
      const found = conversationsTouching(host.reader.db, req.path ?? '');
      return { ...found, entries: found.entries.map((e) => withEdits(host, e)) };
    },
    'dejavu:integrity': () => readLastCheck(host.reader.db),
    'dejavu:privacy': () => readPrivacy(host.reader.db),
    'dejavu:space': () => spaceBreakdown(host.options.root, host.reader.db),
    'dejavu:agent-cleanup': async () => [await claudeCleanupRisk(host.options.home ?? os.homedir(), host.reader.db)],
    'dejavu:doctor': () => doctorCensus(host.reader, { root: host.options.root, sources: host.options.sources, home: host.options.home }),
    'dejavu:pending-commands': () => host.pendingCommands(),
  } satisfies Partial<Handlers>;
}

/** The channels that change the archive or act outside the app: syncs, merges, settings, dialogs, links. */
function actingHandlers(host: HandlerHost) {
  return {
    'dejavu:save-export': async (req) => {
      if (!host.options.saveFile) throw new UnsupportedError('saving through a dialog needs the desktop app');
      return { path: await host.options.saveFile(exportFile(host, req.id, req.format, req.timeZone)) };
    },
    'dejavu:sync': () => host.sync(),
    'dejavu:pin': async (req) => {
      const id = host.reader.resolveId(req.id);
      await host.withIndex((db) => setPinned(db, id, req.pinned));
      host.emit('dejavu:changed', { conversations: [id] });
      return { id, pinned: req.pinned };
    },
    'dejavu:set-retention': async (req) => {
      try {
        return await host.withIndex((db) => saveSettings(db, req.settings));
      } catch (err) {
        throw err instanceof InvalidSettingsError ? new InvalidRequestError(err.message) : err;
      }
    },
    'dejavu:evict': async (req) => {
      try {
        return await host.evict(req.dryRun, req.overrides);
      } catch (err) {
        throw err instanceof InvalidSettingsError ? new InvalidRequestError(err.message) : err;
      }
    },
    'dejavu:set-privacy': (req) => host.withIndex((db) => savePrivacy(db, req.settings)),
    'dejavu:merge-archive': async (req) => {
      let target = req.path;
      if (target === undefined) {
        if (!host.options.pickArchive) throw new UnsupportedError('choosing a file needs the desktop app: type the path of the archive to merge');
        target = (await host.options.pickArchive()) ?? undefined;
        if (target === undefined) return { path: null, considered: 0, added: 0, updated: 0, unchanged: 0, errors: [] };
      }
      return host.mergeArchive(target);
    },
    'dejavu:sync-folder': async (req) => {
      let folder = req.path;
      if (folder === undefined) {
        if (!host.options.pickFolder) throw new UnsupportedError('choosing a folder needs the desktop app: type the folder’s path');
        folder = (await host.options.pickFolder()) ?? undefined;
        if (folder === undefined) return { folder: null, read: 0, unchanged: 0, created: 0, updated: 0, sourceDeleted: 0, errors: [] };
      }
      try {
        return await host.syncFolder(folder);
      } catch (err) {
        throw err instanceof FolderError ? new InvalidRequestError(err.message) : err;
      }
    },
    'dejavu:viewing': (req) => {
      host.options.onViewing?.(req.id);
      return null;
    },
    'dejavu:open-external': async (req) => {
      if (!host.options.openExternal) throw new UnsupportedError('opening links needs the desktop app');
      const url = new URL(req.url);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidRequestError('only http(s) links open outside the app');
      await host.options.openExternal(url.toString());
      return null;
    },
  } satisfies Partial<Handlers>;
}

/** A file-touch entry with that conversation's edits of the file; without them when its thread cannot be read (the digest outlives it). */
function withEdits(host: HandlerHost, e: FileTouchEntry): FileTouchEntry {
  try {
    return { ...e, diffs: editsToFile(host.conversation(e.conversationId), e.path) };
  } catch {
    return e;
  }
}

/** A conversation as a file to save: redacted unless the person turned that off in Settings; dated in the person's zone. */
function exportFile(host: HandlerHost, id: string, format: ExportFormat, timeZone?: string): ExportFile {
  const redact = redactsOutgoing(host.reader.db);
  const { conversation, count } = outgoingConversation(host.conversation(id), redact);
  const redacted = redact ? count : null;
  const fileName = exportFileName(conversation, timeZone).replace(/\.md$/, `.${format}`);
  if (format === 'json') return { fileName, mimeType: 'application/json', content: `${JSON.stringify(conversation, null, 2)}\n`, redacted };
  if (format === 'html') return { fileName, mimeType: 'text/html', content: conversationToHtml(conversation), redacted };
  return { fileName, mimeType: 'text/markdown', content: conversationToMarkdown(conversation, { timeZone }), redacted };
}
