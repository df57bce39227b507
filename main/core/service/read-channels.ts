/**
 * The channels that only read and can take long on a large archive: answered on a reading thread
 * when the service has one (reading-workers.ts), else on the caller's thread. One definition
 * for both, so an answer is the same wherever it is computed.
 */
import type { ChannelName, RequestOf } from '../../../shared/contract';
import type { FileTouchEntry } from '../../../shared/files';
import type { PlanOrigin } from '../../../shared/plans';
import type { Conversation } from '../../../shared/record';
import { doctor } from '../use-cases/doctor';
import { planSweep } from '../use-cases/evict';
import { touching, filesOf, withEdits } from '../use-cases/files';
import type { ArchiveReader } from '../use-cases/open-archive';
import { plansOf } from '../use-cases/plans';
import { APP_PAGE_TEXT, searchPage } from '../use-cases/search';
import { retentionOf, spaceOf } from '../use-cases/stats';
import { timelineOf } from '../use-cases/timeline';
import { usageOf } from '../use-cases/usage';
import type { Handlers } from './channel-handlers';

/** What of the service's options these channels read: plain data, handed to a reading thread as is. */
export interface ReadOptions {
  readonly root: string;
  readonly sources?: readonly string[];
  readonly home?: string;
  readonly searchPageText?: number;
}

/** What the reading channels need: the archive's reader, the options, and a whole conversation by id. */
export interface ReadHost {
  readonly options: ReadOptions;
  readonly reader: ArchiveReader;
  conversation(idOrPrefix: string): Conversation;
}

export function readChannelHandlers(host: ReadHost) {
  return {
    // Bounded pages: whichever thread answers, the requests waiting for it are answered between two (search README, "Bounded pages").
    'dejavu:search': (req) => searchPage(host.reader, req.query, { ...req, budget: host.options.searchPageText ?? APP_PAGE_TEXT }),
    'dejavu:retention': () => retentionOf(host.reader),
    'dejavu:usage': (req) => usageOf(host.reader, req),
    'dejavu:plans': (req) => plansOf(host.reader, { ...req, origin: req.origin as PlanOrigin | undefined }),
    'dejavu:timeline': (req) => timelineOf(host.reader, req),
    'dejavu:files': (req) => {
      if (req.conversationId !== undefined) return filesOf(host.reader, req.conversationId);
      return withEdits(touching(host.reader, req.path ?? ''), host.conversation, withoutEdits);
    },
    'dejavu:space': () => spaceOf(host.reader),
    'dejavu:doctor': () => doctor(host.reader, { root: host.options.root, sources: host.options.sources, home: host.options.home }),
    // Only an eviction's preview reads alone (the service's own handler runs a sweep: a write); readingLane sends only those here.
    'dejavu:evict': (req) => {
      if (!req.dryRun) throw new Error('an eviction sweep runs on the service’s thread, with its writer');
      return planSweep(host.options.root, req.overrides);
    },
  } satisfies Partial<Handlers>;
}

export type ReadChannel = keyof ReturnType<typeof readChannelHandlers>;

/**
 * The reading threads' lanes: `space` reads every conversation's blob (93 s at 1M messages) and
 * has a thread of its own, so it never holds up the others. An eviction's preview, which works out
 * each step it plans from the conversation's blob (79 s at 1M messages for a cap 0.8 GB under the
 * archive), goes there too. `search` is asked at every keystroke and answers a page in tens of ms:
 * on a lane of its own it never waits behind the Activity or Timeline views' reports (a timeline
 * ~1.1 s, a usage report ~0.6 s at 1M messages). `reads` takes every other moved request in turn.
 */
export type ReadingLane = 'space' | 'search' | 'reads';

/**
 * Lanes whose requests are answered on the caller's thread while the lane's thread starts (~0.5 s
 * to load its bundle and open the archive, over 1 s beside a sync): a search page costs tens of
 * ms inline, so the first query typed, or the first after the thread ended idle, does not wait
 * for a start. The reports' lanes wait for theirs: inline, a report would hold the caller's
 * thread, and every request behind it, for as long as it takes.
 */
export const INLINE_WHILE_STARTING: ReadonlySet<ReadingLane> = new Set<ReadingLane>(['search']);

/** The lane that answers this (validated) request, or undefined: answered on the caller's thread. */
export function readingLane<C extends ChannelName>(channel: C, request: RequestOf<C>): ReadingLane | undefined {
  switch (channel) {
    case 'dejavu:space':
      return 'space';
    case 'dejavu:evict':
      return (request as RequestOf<'dejavu:evict'>).dryRun ? 'space' : undefined;
    case 'dejavu:search':
      return 'search';
    case 'dejavu:retention':
    case 'dejavu:usage':
    case 'dejavu:plans':
    case 'dejavu:timeline':
    case 'dejavu:doctor':
      return 'reads';
    case 'dejavu:files':
      // A conversation's files are one indexed query (the thread view asks): only a path's history, which reads threads, moves.
      return (request as RequestOf<'dejavu:files'>).conversationId === undefined ? 'reads' : undefined;
    default:
      return undefined;
  }
}

/** A file-touch entry shown without its edits: its thread cannot be read (the digest outlives it). */
function withoutEdits(_entry: FileTouchEntry, _err: unknown): void {}
