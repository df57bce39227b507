/**
 * The write store of the `conversations` table outside a store (archive-writer.ts stores whole
 * conversations): pins, retention stages, counts, titles and times corrected by a repair. Every function takes a
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

/** What an index row says of its blob's content, all copied from the blob when it was stored (rows.ts `rowValues`). */
export interface RowFacts {
  readonly message_count: number;
  readonly prompt_count: number;
  readonly warning_count: number;
  readonly rewrite_count: number;
  readonly title: string | null;
  readonly started_at: string | null;
  readonly ended_at: string | null;
}

/** Correct index rows' counts, titles and times from their archived copies, all in one transaction. */
export function correctRowFacts(index: WritableIndex, rows: readonly { id: string; facts: RowFacts }[]): void {
  const update = writeConnectionOf(index).prepare(
    'UPDATE conversations SET message_count = @message_count, prompt_count = @prompt_count, warning_count = @warning_count, rewrite_count = @rewrite_count, title = @title, started_at = @started_at, ended_at = @ended_at WHERE id = @id',
  );
  inTransaction(index, () => rows.forEach((r) => update.run({ id: r.id, ...r.facts })));
}

/** The row columns copied from a blob when a repair adopts it (verify --repair). */
export const BLOB_FACTS = ['title', 'started_at', 'ended_at', 'models', 'usage', 'sources', 'relation', 'cwd', 'git_branch', 'agent_version', 'message_count', 'prompt_count', 'warning_count', 'rewrite_count'] as const;
export type BlobFacts = { readonly [K in (typeof BLOB_FACTS)[number]]: unknown };

/**
 * Rows described again by their blobs, each as a new revision (search rows and the digest follow
 * it; an eviction that applied still applies), and the cursors of `forget` dropped, so the next
 * sync reads those files from their start; one transaction. Returns how many cursors were dropped.
 */
export function adoptBlobFacts(index: WritableIndex, rows: readonly { id: string; facts: BlobFacts }[], forget: readonly string[]): number {
  const db = writeConnectionOf(index);
  const update = db.prepare(`UPDATE conversations SET ${BLOB_FACTS.map((k) => `${k} = @${k}`).join(', ')},
    retention_revision = CASE WHEN retention_revision = revision THEN revision + 1 ELSE retention_revision END,
    revision = revision + 1 WHERE id = @id`);
  const drop = db.prepare('DELETE FROM sources WHERE path = ?');
  let dropped = 0;
  inTransaction(index, () => {
    for (const r of rows) update.run({ id: r.id, ...r.facts });
    for (const p of new Set(forget)) dropped += drop.run(p).changes;
  });
  return dropped;
}
