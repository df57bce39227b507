/**
 * The size a sweep counts the archive at, kept in the index and saved in the same transaction
 * that commits each batch of steps. A sweep measures the archive once, then subtracts each
 * step's estimate; the search.db pages its steps free are only given back by the compaction at
 * its end. So a sweep killed before that end leaves a disk that still holds them (tombstones,
 * write-ahead log): measuring it again would count gigabytes that are already freed and take
 * conversations a stage further than an uninterrupted sweep would. Instead the next sweep
 * resumes the killed one's count, and so ends exactly where it would have ended.
 */
import type { ReadableIndex, WritableIndex } from '../archive/db';
import { storedConversationsMark } from '../archive/index-store/read-conversations';
import { getSetting } from '../archive/index-store/read-settings';
import { deleteSetting, putSetting } from '../archive/index-store/write-settings';

const KEY = 'retention.sweep';

/** A sweep's count of the archive: as it began (which passes run) and now. */
export interface SweepCount {
  readonly start: number;
  readonly size: number;
}

interface SweepState extends SweepCount {
  readonly runId: string;
  /** What the archive held when the count was taken: a store since makes the count stale. */
  readonly archive: string;
}

/** The count a killed sweep left, if nothing was stored since. */
export function unfinishedSweep(db: ReadableIndex): SweepCount | undefined {
  const value = getSetting(db, KEY);
  if (value === undefined) return undefined;
  try {
    const state = JSON.parse(value) as SweepState;
    const valid = state.archive === storedConversationsMark(db) && Number.isFinite(state.start) && Number.isFinite(state.size);
    return valid ? { start: state.start, size: state.size } : undefined;
  } catch {
    return undefined;
  }
}

/** Save the count (at the start of a sweep, then inside each batch's commit transaction). */
export function saveSweep(db: WritableIndex, runId: string, count: SweepCount): void {
  const state: SweepState = { runId, archive: storedConversationsMark(db), start: count.start, size: count.size };
  putSetting(db, KEY, JSON.stringify(state));
}

/** The sweep finished (its compaction done): the next one measures the disk afresh. */
export function endSweep(db: WritableIndex): void {
  deleteSetting(db, KEY);
}
