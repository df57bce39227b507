/**
 * The write store of the `conversations` table outside a store (archive-writer.ts stores whole
 * conversations): pins, retention stages, counts corrected by a repair. Every function takes a
 * WritableIndex, so only the writer lock's holder can call it.
 */
import { inTransaction, type WritableIndex, writeConnectionOf } from './handle';

/** A pinned conversation is never evicted. */
export function setPinned(index: WritableIndex, id: string, pinned: boolean): void {
  writeConnectionOf(index).prepare('UPDATE conversations SET pinned = ? WHERE id = ?').run(pinned ? 1 : 0, id);
}

/** A conversation stored again since its eviction is whole again: its stage no longer applies. */
export function clearOutdatedStages(index: WritableIndex): void {
  writeConnectionOf(index).prepare('UPDATE conversations SET retention_stage = 0, retention_revision = NULL WHERE retention_stage != 0 AND (retention_revision IS NULL OR retention_revision != revision)').run();
}

export interface RetainedBlob {
  readonly id: string;
  /** The revision the step was worked out from: a conversation stored since is left as it is. */
  readonly revision: number;
  readonly blobPath: string;
  readonly blobBytes: number;
  readonly stage: 1 | 2 | 3;
}

/** Point a conversation at the blob an eviction step left, at its stage (inside the step's commit transaction). */
export function setRetainedBlob(index: WritableIndex, step: RetainedBlob): void {
  const update = writeConnectionOf(index).prepare('UPDATE conversations SET blob_path = ?, blob_bytes = ?, retention_stage = ?, retention_revision = revision WHERE id = ? AND revision = ?');
  update.run(step.blobPath, step.blobBytes, step.stage, step.id, step.revision);
}

export interface RowCounts {
  readonly message_count: number;
  readonly prompt_count: number;
  readonly warning_count: number;
  readonly rewrite_count: number;
}

/** Correct index rows' counts from their archived copies, all in one transaction. */
export function correctCounts(index: WritableIndex, rows: readonly { id: string; counts: RowCounts }[]): void {
  const update = writeConnectionOf(index).prepare(
    'UPDATE conversations SET message_count = @message_count, prompt_count = @prompt_count, warning_count = @warning_count, rewrite_count = @rewrite_count WHERE id = @id',
  );
  inTransaction(index, () => rows.forEach((r) => update.run({ id: r.id, ...r.counts })));
}
