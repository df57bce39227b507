/** Evict: fit the archive to its storage budget, or plan what that would do. */
import type { EvictionReport } from '../../../shared/retention';
import { openReadableIndex } from '../archive/db';
import { sweep } from '../retention/evict';
import { compactInThread } from '../search/compact-thread';
import type { SettingsPatch } from '../retention/settings';
import type { CrashPoint } from '../retention/step';
import type { ArchiveWrites } from './writes';

export { InvalidSettingsError, type SettingsPatch } from '../retention/settings';
export type { CrashPoint } from '../retention/step';

/** What a sweep would do, read-only (the budget overridden for this plan only). */
export async function planSweep(root: string, overrides?: SettingsPatch): Promise<EvictionReport> {
  const db = openReadableIndex(root);
  try {
    return await sweep({ root, db }, { apply: false, overrides });
  } finally {
    db.close();
  }
}

export interface ApplyOptions {
  readonly overrides?: SettingsPatch;
  readonly now?: number;
  /** Conversations per chunk (tests make it small). */
  readonly batch?: number;
  /** Tests kill a sweep at this point to prove the next run repairs it. */
  readonly crashAt?: CrashPoint;
  /** The indexer thread's script: search.db is compacted on a thread of its own, not the caller's (the app's main process). */
  readonly indexerWorker?: string;
}

/** A sweep through the archive's writer. */
export function applySweep(writes: ArchiveWrites, options: ApplyOptions = {}): Promise<EvictionReport> {
  const { indexerWorker, ...rest } = options;
  const compactSearch = indexerWorker ? (root: string) => compactInThread(root, indexerWorker) : undefined;
  return writes.withWriter((writer) => sweep(writer, { apply: true, ...rest, compactSearch }));
}
