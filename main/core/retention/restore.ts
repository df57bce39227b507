/**
 * What a conversation reads as now, whatever retention did to it: its blob (whole, stage 1,
 * or the stage-2 thread rebuilt from the digest); the digest's thread when the blob cannot be
 * read; a note naming the data-loss event when it was dropped.
 */
import type { FarConversation } from '../../../shared/far-record';
import type { Conversation, Part } from '../../../shared/record';
import { readBlob } from '../archive/blob-store';
import type { ReadableIndex } from '../archive/db';
import { readBlobParts } from '../archive/message-reader';
import { lastDataLoss } from '../archive/index-store/read-ledger';
import { type ConversationRow, summaryFromRow } from '../archive/rows';
import { lostThread, threadFromDigest } from './degrade';
import { readDigest } from './digest-store';
import { storedText } from './digest-stored-text';

export type ThreadRow = ConversationRow;

/** A conversation whose blob file is gone (e.g. it had been overwritten by another's, see migration 004). */
export class MissingBlobError extends Error {
  override readonly name = 'MissingBlobError';
}

/** The start of the warning a thread read from its digest carries, its archived copy being unreadable. */
export const DIGEST_FALLBACK = 'The archived copy of this conversation could not be read';

export function currentThread(root: string, db: ReadableIndex, row: ThreadRow): Conversation;
/** The same, read by `read` (the outgoing writers' far read, archive-reader.ts readFar). */
export function currentThread(root: string, db: ReadableIndex, row: ThreadRow, read: (root: string, relative: string) => FarConversation): FarConversation;
export function currentThread(root: string, db: ReadableIndex, row: ThreadRow, read: (root: string, relative: string) => FarConversation = readBlob): FarConversation {
  const stage = row.retention_revision === row.revision ? row.retention_stage : 0;
  if (stage === 3) return lostOf(db, row);
  try {
    return read(root, row.blob_path);
  } catch (err) {
    const digest = readDigest(db, row.id);
    if (digest) {
      // Every prompt and the last answer are still there; the person is told the rest could not be read.
      const thread = threadFromDigest(digest, storedText(root));
      thread.warnings = [{ message: `${DIGEST_FALLBACK} (${row.blob_path}: ${(err as Error).message}); shown from its digest: every prompt and the last answer. \`dejavu verify\` names the damage.` }];
      return thread;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new MissingBlobError(`the archived copy of this conversation is missing (${row.blob_path}); importing or syncing its source file again archives it anew, if that file still exists`);
    }
    throw err;
  }
}

/**
 * The parts of message `index` of the conversation as currentThread reads it, without decoding
 * the rest of its blob nor the message's native record (a search snippet quotes one message of a
 * long conversation).
 */
export function currentParts(root: string, db: ReadableIndex, row: ThreadRow, index: number): readonly Part[] | undefined {
  const stage = row.retention_revision === row.revision ? row.retention_stage : 0;
  if (stage === 3) return lostOf(db, row).messages[index]?.parts;
  try {
    return readBlobParts(root, row.blob_path, index);
  } catch {
    // The rest is currentThread's way: the digest's thread, or its error for a missing blob.
    return currentThread(root, db, row).messages[index]?.parts;
  }
}

function lostOf(db: ReadableIndex, row: ThreadRow): Conversation {
  const event = lastDataLoss(db, row.id);
  const { messageCount: _m, promptCount: _p, warningCount: _w, blobBytes: _b, archivedAt: _a, retentionStage: _r, pinned: _pin, warnings: _warnings, ...base } = summaryFromRow(row);
  const detail = `Data loss: this conversation's archived copy could not be read, and it was dropped${event ? ` on ${event.at}` : ''} to keep the archive under its hard cap.${event?.detail ? ` ${event.detail}` : ''}`;
  return lostThread(base, detail);
}
