/**
 * The write store of the `digests` table: one digest per conversation, replaced when a newer one is made.
 * Triggers on the table (migration 008) keep `digest_facts` in step with every write.
 */
import { type WritableIndex, statementOf, writeConnectionOf } from './handle';

export interface DigestRow {
  readonly conversationId: string;
  readonly version: number;
  /** The conversation's revision it was made from. */
  readonly revision: number;
  /** The watermark: when it was made. */
  readonly analyzedAt: string;
  readonly outcome: string;
  /** The digest as JSON. */
  readonly data: string;
}

export function storeDigest(index: WritableIndex, d: DigestRow): void {
  statementOf(
    writeConnectionOf(index),
    `INSERT INTO digests (conversation_id, version, revision, analyzed_at, outcome, bytes, data) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (conversation_id) DO UPDATE SET version = excluded.version, revision = excluded.revision, analyzed_at = excluded.analyzed_at,
       outcome = excluded.outcome, bytes = excluded.bytes, data = excluded.data`,
  ).run(d.conversationId, d.version, d.revision, d.analyzedAt, d.outcome, Buffer.byteLength(d.data), d.data);
}
