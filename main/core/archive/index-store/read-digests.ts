/**
 * The read store of the `digests` table: a digest's stored JSON (retention/digest.ts gives it
 * its type), its revision, and which conversations still need one. A digest applies while its
 * revision is its conversation's.
 */
import { connectionOf, type ReadableIndex, statementOf } from './handle';

/** SQL for "this row's eviction still applies": a later store (new revision) made it whole again. */
export const EFFECTIVE_STAGE = 'CASE WHEN c.retention_revision = c.revision THEN c.retention_stage ELSE 0 END';

/** The stored digest of a conversation, as JSON. */
export function digestData(index: ReadableIndex, conversationId: string): string | undefined {
  return statementOf(connectionOf(index), 'SELECT data FROM digests WHERE conversation_id = ?').pluck().get(conversationId) as string | undefined;
}

/** A conversation's stored digest (JSON) and the revision it was made from, if it has one. */
export function digestOfConversation(index: ReadableIndex, conversationId: string): { readonly revision: number; readonly data: string } | undefined {
  return statementOf(connectionOf(index), 'SELECT revision, data FROM digests WHERE conversation_id = ?').get(conversationId) as { revision: number; data: string } | undefined;
}

/** The revision a conversation's digest was made from, if it has one. */
export function digestRevision(index: ReadableIndex, conversationId: string): number | undefined {
  return connectionOf(index).prepare('SELECT revision FROM digests WHERE conversation_id = ?').pluck().get(conversationId) as number | undefined;
}

/** A conversation's stored digest and whether it is current (of digest version `version` and the conversation's revision). */
export function digestWithCurrency(index: ReadableIndex, conversationId: string, version: number): { readonly data: string | null; readonly current: number | null } | undefined {
  return connectionOf(index)
    .prepare('SELECT d.data, d.version = ? AND d.revision = c.revision AS current FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id WHERE c.id = ?')
    .get(version, conversationId) as { data: string | null; current: number | null } | undefined;
}

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
export function conversationsToAnalyze(index: ReadableIndex, digestVersion: number): PendingRow[] {
  return connectionOf(index)
    .prepare(
      `SELECT c.seq, c.id, c.revision, c.blob_path FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id
       WHERE (d.conversation_id IS NULL AND ${EFFECTIVE_STAGE} < 3)
          OR d.revision != c.revision
          OR (d.version != ? AND ${EFFECTIVE_STAGE} < 2)
       ORDER BY c.seq`,
    )
    .all(digestVersion) as PendingRow[];
}

export function digestBytes(index: ReadableIndex): number {
  return (connectionOf(index).prepare('SELECT COALESCE(SUM(bytes), 0) AS n FROM digests').get() as { n: number }).n;
}

export function digestCount(index: ReadableIndex): number {
  return connectionOf(index).prepare('SELECT count(*) FROM digests').pluck().get() as number;
}

/** The content-store hashes digests name (a prompt's far text kept whole, retention/digest.ts `StoredPromptPart`). */
export function digestContentRefs(index: ReadableIndex): string[] {
  const refs: string[] = [];
  const rows = statementOf(connectionOf(index), `SELECT data FROM digests WHERE instr(data, '"contentRef":') > 0`).pluck().iterate() as Iterable<string>;
  for (const data of rows) for (const [, hash] of data.matchAll(/"contentRef":"([0-9a-f]{64})"/g)) refs.push(hash);
  return refs;
}
