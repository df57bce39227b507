/**
 * The contract's channels and what each answers, as ArchiveService serves them: one handler a
 * channel, reading the archive through the service's reader and writing through its queues.
 */
import type { ChannelName, ContractEvents, EventName, FolderSyncOutcome, MergeOutcome, RequestOf, ResponseOf, SyncOutcome } from '../../../shared/contract';
import type { Conversation } from '../../../shared/record';
import type { EvictionReport } from '../../../shared/retention';
import { exportFile, readyToRender } from '../use-cases/export';
import { listConversations } from '../use-cases/list';
import type { ArchiveReader } from '../use-cases/open-archive';
import { pinConversation } from '../use-cases/pin';
import { privacyOf, savePrivacySettings, saveRetention, type SettingsPatch } from '../use-cases/settings';
import { conversationDetail, messagePage } from '../use-cases/show';
import { agentCleanupOf } from '../use-cases/stats';
import { lastCheckOf } from '../use-cases/verify';
import type { ArchiveWrites } from '../use-cases/writes';
import type { ServiceOptions } from './archive-service';
import { FolderError } from './checked-folder';
import { readChannelHandlers } from './read-channels';
import { InvalidRequestError, UnsupportedError } from './request-errors';

export type Handlers = { [C in ChannelName]: (req: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C> };

/** What the handlers ask of ArchiveService: its reader, its state, and the work it queues. */
export interface HandlerHost {
  readonly options: ServiceOptions;
  readonly reader: ArchiveReader;
  /** Writes queued with every other write of the process. */
  readonly writes: ArchiveWrites;
  syncState(): Pick<ResponseOf<'dejavu:status'>, 'syncing' | 'lastSync' | 'recentFailures'>;
  conversation(idOrPrefix: string): Conversation;
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
    'dejavu:conversations': (req) => listConversations(host.reader, req),
    'dejavu:conversation': (req) => conversationDetail(host.reader, host.conversation(req.id)),
    'dejavu:messages': (req) => messagePage(host.conversation(req.id), req.offset, req.limit),
    'dejavu:export': async (req) => {
      await readyToRender(req.format);
      return exportFile(host.reader, host.conversation(req.id), req.format, req.timeZone);
    },
    // Answered on a reading thread instead when the service has one (read-channels.ts).
    ...readChannelHandlers(host),
    'dejavu:integrity': () => lastCheckOf(host.reader),
    'dejavu:privacy': () => privacyOf(host.reader),
    'dejavu:agent-cleanup': async () => [await agentCleanupOf(host.reader, host.options.home)],
    'dejavu:pending-commands': () => host.pendingCommands(),
  } satisfies Partial<Handlers>;
}

/** The channels that change the archive or act outside the app: syncs, merges, settings, dialogs, links. */
function actingHandlers(host: HandlerHost) {
  return {
    'dejavu:save-export': async (req) => {
      if (!host.options.saveFile) throw new UnsupportedError('saving through a dialog needs the desktop app');
      await readyToRender(req.format);
      return { path: await host.options.saveFile(exportFile(host.reader, host.conversation(req.id), req.format, req.timeZone)) };
    },
    'dejavu:sync': () => host.sync(),
    'dejavu:pin': async (req) => {
      const pinned = await pinConversation(host.reader, host.writes, req.id, req.pinned);
      host.emit('dejavu:changed', { conversations: [pinned.id] });
      return pinned;
    },
    'dejavu:set-retention': (req) => saveRetention(host.writes, req.settings),
    'dejavu:evict': (req) => host.evict(req.dryRun, req.overrides),
    'dejavu:set-privacy': (req) => savePrivacySettings(host.writes, req.settings),
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
