/**
 * Finishes or rolls back eviction steps a crash interrupted, using the ledger: an intent that
 * never committed leaves the index on the old blob, so its new file is removed and the step is
 * marked rolled back; a committed step gets its old file removed and its search rows rebuilt.
 * Every step is idempotent, so a crash during repair is repaired by the next run.
 */
import { removeBlob } from '../archive/blob-store';
import type { StoredConversation, WritableArchive } from '../archive/changes';
import type { ReadableIndex } from '../archive/db';
import { conversationById } from '../archive/index-store/read-conversations';
import { unfinishedSteps } from '../archive/index-store/read-ledger';
import { markStatus } from '../archive/index-store/write-ledger';
import { currentThread, type ThreadRow } from './restore';

/** Only the archive's writer (lock holder) may call this. Returns the steps repaired. */
export async function repairUnfinished(archive: WritableArchive): Promise<number> {
  const { root, db } = archive;
  const steps = unfinishedSteps(db);
  for (const s of steps) {
    const row = conversationById(db, s.conversationId);
    if (s.status === 'intent') {
      if (s.newBlob && s.newBlob !== row?.blob_path) removeBlob(root, s.newBlob);
      markStatus(db, s.seq, 'rolled-back');
      continue;
    }
    const now = row && finishCommitted(root, db, row, s.oldBlob);
    // Search follows the thinned thread before the step is done; killed before, the next repair redoes it.
    if (now) await archive.changes.publish({ kind: 'retained', conversations: [now] });
    markStatus(db, s.seq, 'done');
  }
  return steps.length;
}

/**
 * After a step's commit: remove the file the index no longer uses, and return what the
 * conversation reads as now (published with the batch, so search follows). A lost
 * conversation's file goes only while it is still lost: a later store may have written a fresh
 * blob at the same path.
 */
export function finishCommitted(root: string, db: ReadableIndex, row: ThreadRow, oldBlob: string | null): StoredConversation | undefined {
  const stillLost = row.retention_stage === 3 && row.retention_revision === row.revision;
  if (oldBlob && (oldBlob !== row.blob_path || stillLost)) removeBlob(root, oldBlob);
  try {
    return { seq: row.seq, revision: row.revision, conversation: currentThread(root, db, row) };
  } catch {
    return undefined; // an unreadable record keeps its old search rows; they still point at the conversation
  }
}
