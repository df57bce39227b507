/** Digest rows in the index: read, written, and which conversations still need one. */
import type { IndexDb } from '../archive/db';
import { type Digest, DIGEST_VERSION } from './digest';

export function readDigest(db: IndexDb, conversationId: string): Digest | undefined {
  const row = db.prepare('SELECT data FROM digests WHERE conversation_id = ?').get(conversationId) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as Digest) : undefined;
}

/** Store a digest built from `revision` of its conversation; analyzedAt is the watermark. */
export function writeDigest(db: IndexDb, digest: Digest, revision: number, analyzedAt: string): void {
  const data = JSON.stringify(digest);
  db.prepare(
    `INSERT INTO digests (conversation_id, version, revision, analyzed_at, outcome, bytes, data) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (conversation_id) DO UPDATE SET version = excluded.version, revision = excluded.revision, analyzed_at = excluded.analyzed_at,
       outcome = excluded.outcome, bytes = excluded.bytes, data = excluded.data`,
  ).run(digest.conversationId, digest.version, revision, analyzedAt, digest.outcome, Buffer.byteLength(data), data);
}

/** SQL for "this row's eviction still applies": a later store (new revision) made it whole again. */
export const EFFECTIVE_STAGE = 'CASE WHEN c.retention_revision = c.revision THEN c.retention_stage ELSE 0 END';

export interface PendingRow {
  seq: number;
  id: string;
  revision: number;
  blob_path: string;
}

/**
 * Conversations whose digest is missing, of an older revision, or of an older digest version.
 * A stage-2 digest cannot be rebuilt (its thread is gone) and keeps its version; a lost
 * conversation has nothing to analyze.
 */
export function pendingAnalysis(db: IndexDb): PendingRow[] {
  return db
    .prepare(
      `SELECT c.seq, c.id, c.revision, c.blob_path FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id
       WHERE (d.conversation_id IS NULL AND ${EFFECTIVE_STAGE} < 3)
          OR d.revision != c.revision
          OR (d.version != ? AND ${EFFECTIVE_STAGE} < 2)
       ORDER BY c.seq`,
    )
    .all(DIGEST_VERSION) as PendingRow[];
}

export function digestBytes(db: IndexDb): number {
  return (db.prepare('SELECT COALESCE(SUM(bytes), 0) AS n FROM digests').get() as { n: number }).n;
}
