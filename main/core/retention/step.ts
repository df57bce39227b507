/**
 * One batch of eviction steps, crash-safe. Order of operations: (1) one transaction records
 * every step's intent in the ledger; (2) new blobs are written beside the old ones (atomic
 * writes, new names); (3) one transaction points the index at them, sets the stage and marks
 * the steps committed; (4) old files go and the thinned threads are published as a `retained`
 * change (search re-indexes them); (5) the steps are marked
 * done. Killed anywhere, the index names only files that exist, and repair.ts finishes (after
 * 3) or rolls back (before 3) what was under way, so the ledger says what really happened.
 */
import { createHash } from 'node:crypto';
import { farText, wholeFarText } from '../../../shared/far-strings';
import type { Conversation, Part } from '../../../shared/record';
import type { LedgerAction, LedgerReason } from '../../../shared/retention';
import { archiveContent, readBlob, writeBlob } from '../archive/blob-store';
import { ArchiveFormatError, type ContentStore, encodeConversation } from '../archive/codec';
import type { WritableArchive } from '../archive/changes';
import type { ReadableIndex } from '../archive/db';
import { inTransaction } from '../archive/index-store/handle';
import { conversationById } from '../archive/index-store/read-conversations';
import { digestRevision } from '../archive/index-store/read-digests';
import { setRetainedBlob } from '../archive/index-store/write-conversations';
import { markCommitted, markStatus, recordIntent } from '../archive/index-store/write-ledger';
import { blobRelativePath } from '../archive/paths';
import { searchRows } from '../search/search-rows';
import { type Candidate, SEARCH_BYTES_PER_CHAR, stageOf } from './budget';
import { dropBulk, threadFromDigest } from './degrade';
import { buildDigest } from './digest';
import { keepInStore, storedText } from './digest-stored-text';
import { readDigest } from './digest-store';
import { finishCommitted } from './repair';
import type { ThreadRow } from './restore';

/** A step worked out but not yet done: the record it leaves and what it frees. */
export interface PreparedStep {
  readonly candidate: Candidate;
  readonly action: LedgerAction;
  readonly reason: LedgerReason;
  /** Absent for a data-loss step: nothing is left. */
  readonly next?: Conversation;
  readonly newBlob: string | null;
  readonly blobBytesBefore: number;
  readonly blobBytesAfter: number;
  /** Characters of the search rows of what it leaves. */
  readonly searchCharsAfter: number;
  /** Blob bytes freed plus the estimated search.db bytes. */
  readonly estimatedFreed: number;
}

/** Where the points of a test's real SIGKILL can land (DEJAVU_EVICT_CRASH_AT). */
export type CrashPoint = 'after-intent' | 'after-blobs' | 'after-commit';

export class UnreadableError extends Error {
  override readonly name = 'UnreadableError';
}

/**
 * Work out a step from the conversation as it is. Throws UnreadableError when its blob cannot
 * be read; returns undefined when the step would lose a typed prompt (it is then not taken).
 */
export function prepareStep(root: string, db: ReadableIndex, c: Candidate, action: LedgerAction, reason: LedgerReason): PreparedStep | undefined {
  if (action === 'data-loss') return { candidate: c, action, reason, newBlob: null, blobBytesBefore: c.blobBytes, blobBytesAfter: 0, searchCharsAfter: 0, estimatedFreed: c.blobBytes };
  let current: Conversation;
  try {
    current = readBlob(root, c.blobPath);
  } catch (err) {
    throw new UnreadableError((err as Error).message);
  }
  const next = action === 'stage-1' ? dropBulk(current) : threadFromDigest(readDigest(db, c.id) ?? buildDigest(current, keepInStore(root)), storedText(root));
  if (!keepsPrompts(current, next)) return undefined;
  // Its stored prompts named by hash, as writeBlob will write them: the figure is the blob's, to the byte.
  const blobBytesAfter = encodeConversation(next, hashingOnly(archiveContent(root))).length;
  const chars = (x: Conversation) => searchRows(x).reduce((n, r) => n + r.text.length, 0);
  const searchCharsAfter = chars(next);
  // A dry run reads the record as it was: c's figures say what an earlier planned step left.
  const searchFreed = Math.max(0, (c.searchChars ?? chars(current)) - searchCharsAfter) * SEARCH_BYTES_PER_CHAR;
  const newBlob = blobRelativePath(c, action === 'stage-1' ? 1 : 2);
  return { candidate: c, action, reason, next, newBlob, blobBytesBefore: c.blobBytes, blobBytesAfter, searchCharsAfter, estimatedFreed: Math.round(c.blobBytes - blobBytesAfter + searchFreed) };
}

/** The store as an estimate uses it: what it is given is hashed, never written (a dry run writes nothing). */
function hashingOnly(store: ContentStore): ContentStore {
  const hashOf = (pieces: Iterable<Buffer | string>) => {
    const sha = createHash('sha256');
    for (const piece of pieces) sha.update(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
    return { hash: sha.digest('hex'), bytes: 0 };
  };
  return { threshold: store.threshold, put: (bytes) => hashOf([bytes]), putSlices: (slices) => hashOf(slices()), get: (hash) => store.get(hash), sliced: (hash) => store.sliced(hash) };
}

/**
 * Every typed prompt of `before` is in `after`, with the same text (a far one, read back from the
 * store, whole). A stored prompt that cannot be read back (its content file gone or damaged) is
 * not kept: the step is not taken, and the thread stays as it is.
 */
export function keepsPrompts(before: Conversation, after: Conversation): boolean {
  try {
    const kept = new Map(after.messages.filter((m) => m.role === 'user').map((m) => [m.id, wholeTextOf(m.parts)]));
    return before.messages.every((m) => m.role !== 'user' || kept.get(m.id) === wholeTextOf(m.parts));
  } catch (err) {
    if (err instanceof ArchiveFormatError) return false;
    throw err;
  }
}

function wholeTextOf(parts: readonly Part[]): string {
  return parts
    .filter((p) => p.type === 'text')
    .map((p) => {
      const far = farText(p.content);
      return far ? wholeFarText(far) : p.content;
    })
    .join('\n\n');
}

export interface BatchOptions {
  /** Runs inside the transaction that commits the batch (the sweep saves its count there). */
  readonly onCommit?: () => void;
  /** Tests only: SIGKILL this process at this point. */
  readonly crashAt?: CrashPoint;
}

/** Do a batch of prepared steps (see the order of operations at the top of this file). */
export async function executeSteps(archive: WritableArchive, runId: string, steps: readonly PreparedStep[], options: BatchOptions = {}): Promise<PreparedStep[]> {
  const { root, db } = archive;
  const { crashAt, onCommit } = options;
  const intents: { step: PreparedStep; seq: number }[] = [];
  inTransaction(db, () => {
    for (const step of steps) {
      const row = conversationById(db, step.candidate.id);
      // Pinned or changed since the sweep looked: leave it.
      if (!row || row.pinned === 1 || row.revision !== step.candidate.revision || row.blob_path !== step.candidate.blobPath) continue;
      if (step.action === 'data-loss' && !beyondRepair(root, db, row)) continue;
      const detail = step.action === 'data-loss' ? 'its archived copy could not be read, so no digest could be made' : undefined;
      intents.push({
        step,
        seq: recordIntent(db, { runId, conversationId: row.id, action: step.action, reason: step.reason, oldBlob: row.blob_path, newBlob: step.newBlob, bytesBefore: row.blob_bytes, detail }),
      });
    }
  });
  crash(crashAt, 'after-intent');
  for (const { step } of intents) if (step.next && step.newBlob) writeBlob(root, step.newBlob, step.next);
  crash(crashAt, 'after-blobs');
  inTransaction(db, () => {
    for (const { step, seq } of intents) {
      const { id, revision, blobPath } = step.candidate;
      setRetainedBlob(db, { id, revision, blobPath: step.newBlob ?? blobPath, blobBytes: step.blobBytesAfter, stage: stageOf(step.action) });
      markCommitted(db, seq, step.blobBytesAfter);
    }
    onCommit?.();
  });
  crash(crashAt, 'after-commit');
  const now = intents.map(({ step }) => finishCommitted(root, db, conversationById(db, step.candidate.id) as ThreadRow, step.candidate.blobPath));
  await archive.changes.publish({ kind: 'retained', conversations: now.filter((c) => c !== undefined) });
  inTransaction(db, () => {
    for (const { seq } of intents) markStatus(db, seq, 'done');
  });
  return intents.map((i) => i.step);
}

/** A drop is a data loss only for a record nothing can be made of: no current digest, no readable blob. */
function beyondRepair(root: string, db: ReadableIndex, row: ThreadRow): boolean {
  const digest = digestRevision(db, row.id);
  if (digest === row.revision) return false;
  try {
    readBlob(root, row.blob_path);
    return false;
  } catch {
    return true;
  }
}

function crash(at: CrashPoint | undefined, point: CrashPoint): void {
  if (at === point) process.kill(process.pid, 'SIGKILL');
}
