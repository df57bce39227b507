/**
 * The retention cadence, in one place: after a sync, the eviction sweep the person's settings
 * ask for (on every sync, once a day, or never). The app, `dejavu serve`, `dejavu sync` and
 * `dejavu sync --watch` all call it after their sync, through their own writer.
 */
import type { EvictionReport } from '../../../shared/retention';
import { openReadableIndex } from '../archive/db';
import { lastRunAt, readSettings, sweepDue } from '../retention/settings';
import { applySweep } from './evict';
import type { ArchiveWrites } from './writes';
import { type SyncOptions, syncHomes, type SyncReport } from './sync';

/** Whether the cadence calls for a sweep now. */
export function sweepIsDue(root: string, now = Date.now()): boolean {
  const db = openReadableIndex(root);
  try {
    return sweepDue(readSettings(db), lastRunAt(db), now);
  } finally {
    db.close();
  }
}

/**
 * The sweep the cadence calls for, or undefined when none is due. The decision is made and the
 * sweep queued before the first await, so a queue's `idle()` sees it at once. `indexerWorker`:
 * search.db is compacted on a thread (evict.ts `applySweep`).
 */
export function sweepWhenDue(writes: ArchiveWrites, now = Date.now(), indexerWorker?: string): Promise<EvictionReport | undefined> {
  if (!sweepIsDue(writes.root, now)) return Promise.resolve(undefined);
  return applySweep(writes, { now, indexerWorker });
}

export interface SyncRun {
  readonly report: SyncReport;
  /** The sweep the cadence ran after the sync, when one was due. */
  readonly eviction?: EvictionReport;
}

/** A sync of the homes, then the sweep the cadence calls for (unless `evict` is false). */
export async function syncThenSweep(writes: ArchiveWrites, options: SyncOptions, evict = true): Promise<SyncRun> {
  const report = await syncHomes(writes, options);
  const eviction = evict ? await sweepWhenDue(writes, Date.now(), options.indexerWorker) : undefined;
  return eviction ? { report, eviction } : { report };
}
