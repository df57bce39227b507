/**
 * Which answers of the contract go stale, and when: every read channel names the data its answer
 * is made of, every write channel and every event the data it changes. The renderer's cache
 * applies this one table (renderer/src/lib/queries.ts); no view invalidates anything itself.
 * A new channel must be placed here (the table is exhaustive) before it compiles.
 */
import type { ChannelName, ContractEvents, EventName, RequestOf } from './contract';

/** What answers are made of, as far as a cache is concerned. */
export type Data =
  /** Which conversations exist and what they say: lists, counts, search, usage, files, plans, timeline. */
  | 'conversations'
  /** One conversation's record, by its id. */
  | 'thread'
  | 'pins'
  /** What the archive weighs, by eviction stage and by place. */
  | 'footprint'
  | 'retention-settings'
  | 'privacy-settings'
  /** Whether a sync runs, and what the last one did. */
  | 'sync-state'
  /** What the agents' own folders hold (the census, their cleanup's risk). */
  | 'homes'
  /** The last `dejavu verify`, which only the CLI runs. */
  | 'integrity'
  /** What search has indexed: it catches up after the conversations are stored (a sync's last step). */
  | 'search-index';

/** What a write or an event changed. `ids` narrows `thread` to these conversations (the other data go stale whole). */
export interface Change {
  readonly data: readonly Data[];
  readonly ids?: readonly string[];
}

export const NOTHING: Change = { data: [] };

/**
 * Searches are read again on events at most this often (the first at once): a sync commits every
 * batch and reports every file, live capture every append, and each search runs again in the
 * service (a rare term's pages all over again): unthrottled, a search shown during a first sync
 * ran once per commit. A refresh that takes longer (a rare term's ~20 pages at 1M messages) is
 * never cancelled by the next beat, and the next begins no sooner than its length after it
 * ended. A sync's end reads them again at once (the renderer's queries.ts applies it).
 */
export const SEARCH_REFRESH_MS = 3000;

type Rule<C extends ChannelName> =
  | { readonly reads: readonly Data[] }
  | { readonly writes: (request: RequestOf<C>) => Change }
  /** Neither read into the cache nor changing what is: the reason is said. */
  | { readonly neither: string };

/** A sync's write: conversations themselves are announced by `dejavu:changed`, commit by commit. */
const SYNCED: Change = { data: ['sync-state', 'homes', 'footprint'] };
const ARCHIVE_REWRITTEN: Change = { data: ['conversations', 'thread', 'pins', 'footprint', 'search-index'] };
/**
 * A sync's end, done or failed: search has indexed what it stored, and what it caught up with
 * (a rebuilt search.db is filled in by a sync that stores nothing: no `dejavu:changed` says so).
 */
const SYNC_ENDED: Change = { data: [...SYNCED.data, 'search-index'] };

export const CHANNEL_DATA: { readonly [C in ChannelName]: Rule<C> } = {
  'dejavu:status': { reads: ['conversations', 'sync-state'] },
  'dejavu:tree': { reads: ['conversations'] },
  'dejavu:conversations': { reads: ['conversations', 'pins'] },
  'dejavu:conversation': { reads: ['thread', 'pins'] },
  'dejavu:messages': { reads: ['thread'] },
  'dejavu:search': { reads: ['conversations', 'pins', 'search-index'] },
  'dejavu:export': { neither: 'a file made on request, never cached' },
  'dejavu:save-export': { neither: 'writes a file outside the archive' },
  'dejavu:sync': { writes: () => SYNCED },
  'dejavu:sync-folder': { writes: () => SYNCED },
  'dejavu:open-external': { neither: 'opens a link in the browser' },
  'dejavu:pin': { writes: () => ({ data: ['pins'] }) },
  'dejavu:retention': { reads: ['footprint', 'retention-settings', 'pins'] },
  'dejavu:set-retention': { writes: () => ({ data: ['retention-settings'] }) },
  'dejavu:evict': { writes: (r) => (r.dryRun ? NOTHING : ARCHIVE_REWRITTEN) },
  'dejavu:integrity': { reads: ['integrity'] },
  'dejavu:plans': { reads: ['conversations'] },
  'dejavu:timeline': { reads: ['conversations'] },
  'dejavu:usage': { reads: ['conversations'] },
  'dejavu:files': { reads: ['conversations'] },
  'dejavu:privacy': { reads: ['privacy-settings'] },
  'dejavu:set-privacy': { writes: () => ({ data: ['privacy-settings'] }) },
  'dejavu:merge-archive': { writes: () => ARCHIVE_REWRITTEN },
  'dejavu:space': { reads: ['footprint'] },
  'dejavu:agent-cleanup': { reads: ['homes'] },
  'dejavu:doctor': { reads: ['homes'] },
  'dejavu:viewing': { neither: 'tells the desktop menu what is shown' },
  'dejavu:pending-commands': { neither: 'hands over commands once' },
};

export const EVENT_DATA: { readonly [E in EventName]: (payload: ContractEvents[E]) => Change } = {
  // Not the footprint: weighing the archive reads every conversation, too much for each live
  // append; it is weighed again when a sync ends.
  'dejavu:changed': (p) => ({ data: ['conversations', 'thread'], ids: p.conversations }),
  // While it runs, each commit is a `dejavu:changed` and search indexes more (a catch-up commits
  // nothing); once it ends, the last sync and the homes are new, and search has caught up.
  'dejavu:sync-progress': (p) => ('finished' in p || 'failed' in p ? SYNC_ENDED : { data: ['search-index'] }),
  'dejavu:command': () => NOTHING,
  // The status carries the failures main kept: read again, a window that missed the event still has it.
  'dejavu:background-failure': () => ({ data: ['sync-state'] }),
};

/** What a call of a write channel changes (nothing for a read). */
export function changeOfWrite<C extends ChannelName>(channel: C, request: RequestOf<C>): Change {
  const rule = CHANNEL_DATA[channel] as Rule<C>;
  return 'writes' in rule ? rule.writes(request) : NOTHING;
}

export function changeOfEvent<E extends EventName>(event: E, payload: ContractEvents[E]): Change {
  return EVENT_DATA[event](payload);
}

/** Whether the answer of `channel` to `request` is stale after `change`. */
export function isStale(change: Change, channel: ChannelName, request: unknown): boolean {
  const rule = CHANNEL_DATA[channel];
  if (!('reads' in rule)) return false;
  return rule.reads.some((d) => change.data.includes(d) && (d !== 'thread' || change.ids === undefined || change.ids.includes(idOf(request))));
}

/** The conversation a request is about (`id`), if any. */
function idOf(request: unknown): string {
  const id = (request as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : '';
}
