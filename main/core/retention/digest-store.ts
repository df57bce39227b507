/** Digests as retention reads and writes them: typed over the archive's digests table (archive/index-store). */
import type { ReadableIndex, WritableIndex } from '../archive/db';
import { conversationsToAnalyze, digestData, type PendingRow } from '../archive/index-store/read-digests';
import { storeDigest } from '../archive/index-store/write-digests';
import { type Digest, DIGEST_VERSION, type StorableDigest } from './digest';

export function readDigest(db: ReadableIndex, conversationId: string): Digest | undefined {
  const data = digestData(db, conversationId);
  return data === undefined ? undefined : (JSON.parse(data) as Digest);
}

/** Store a digest built from `revision` of its conversation; analyzedAt is the watermark. */
export function writeDigest(db: WritableIndex, digest: Digest, revision: number, analyzedAt: string): void {
  writeStorableDigest(db, { conversationId: digest.conversationId, version: digest.version, outcome: digest.outcome, json: JSON.stringify(digest) }, revision, analyzedAt);
}

/** The same for a digest as its row stores it (storableDigest). */
export function writeStorableDigest(db: WritableIndex, d: StorableDigest, revision: number, analyzedAt: string): void {
  storeDigest(db, { conversationId: d.conversationId, version: d.version, revision, analyzedAt, outcome: d.outcome, data: d.json });
}

/**
 * Conversations whose digest is missing, of an older revision, or of an older digest version
 * (a stage-2 digest keeps its version; a lost conversation has nothing to analyze).
 */
export function pendingAnalysis(db: ReadableIndex): PendingRow[] {
  return conversationsToAnalyze(db, DIGEST_VERSION);
}
