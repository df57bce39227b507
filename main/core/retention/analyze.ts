/**
 * Analysis: a digest for every archived conversation that lacks a current one. Runs after
 * every ingest (under the writer lock) and before every eviction sweep, so a conversation's
 * typed prompts are in its digest before anything of its thread can go.
 */
import type { Conversation } from '../../../shared/record';
import { readBlob } from '../archive/blob-store';
import type { WritableArchive } from '../archive/changes';
import type { WritableIndex } from '../archive/db';
import { inTransaction } from '../archive/index-store/handle';
import { clearOutdatedStages } from '../archive/index-store/write-conversations';
import { type StorableDigest, storableDigest } from './digest';
import { pendingAnalysis, writeStorableDigest } from './digest-store';
import { keepInStore } from './digest-stored-text';
import { repairUnfinished } from './repair';

export interface AnalyzeReport {
  readonly analyzed: number;
  /** Conversations whose blob could not be read: they stay un-analyzed (and are retried). */
  readonly unreadable: string[];
  /** Half-done eviction steps a crash left, finished or rolled back first. */
  readonly repaired: number;
}

const CHUNK = 64;

/**
 * Digests of conversations just stored, from the records still in memory (no blob is read
 * back): what capture calls after each batch, so analysis at the end finds little to do. A
 * prompt's far text goes into the archive's content store (the blob put it there already).
 */
export function digestStored(archive: { readonly root: string; readonly db: WritableIndex }, stored: readonly { conversation: Conversation; revision: number }[]): void {
  if (stored.length === 0) return;
  const now = new Date().toISOString();
  const keep = keepInStore(archive.root);
  inTransaction(archive.db, () => {
    for (const s of stored) writeStorableDigest(archive.db, storableDigest(s.conversation, keep), s.revision, now);
  });
}

/** Only the archive's writer (lock holder) may call this. */
export async function analyzePending(archive: WritableArchive): Promise<AnalyzeReport> {
  const { root, db } = archive;
  const repaired = await repairUnfinished(archive);
  // A conversation stored again since its eviction is whole again: its stage no longer applies.
  clearOutdatedStages(db);
  const todo = pendingAnalysis(db);
  const unreadable: string[] = [];
  let analyzed = 0;
  for (let i = 0; i < todo.length; i += CHUNK) {
    const now = new Date().toISOString();
    const digests: { digest: StorableDigest; revision: number }[] = [];
    for (const row of todo.slice(i, i + CHUNK)) {
      try {
        digests.push({ digest: storableDigest(readBlob(root, row.blob_path), keepInStore(root)), revision: row.revision });
      } catch {
        unreadable.push(row.id);
      }
    }
    inTransaction(db, () => {
      for (const d of digests) writeStorableDigest(db, d.digest, d.revision, now);
    });
    analyzed += digests.length;
    if (i + CHUNK < todo.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return { analyzed, unreadable, repaired };
}
