/**
 * The cadence outside the app: after `dejavu sync`, run the eviction sweep the person's
 * settings ask for (every sync, or once a day), so a CLI-only archive keeps its budget too.
 */
import type { EvictionReport } from '../../../shared/retention';
import { openArchiveWriter } from './open-writer';
import { openReadableIndex } from '../archive/db';
import { sweep } from '../retention/evict';
import { lastRunAt, readSettings, sweepDue } from '../retention/settings';

export async function sweepWhenDue(root: string, now = Date.now()): Promise<EvictionReport | undefined> {
  const db = openReadableIndex(root);
  let due: boolean;
  try {
    due = sweepDue(readSettings(db), lastRunAt(db), now);
  } finally {
    db.close();
  }
  if (!due) return undefined;
  const writer = openArchiveWriter(root);
  try {
    return await sweep(writer, { apply: true, now });
  } finally {
    writer.close();
  }
}
