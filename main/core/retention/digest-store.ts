/** Digests as retention reads and writes them: typed over the archive's digests table (archive/index-store). */
import type { ReadableIndex, WritableIndex } from '../archive/db';
import { conversationsToAnalyze, digestData, type PendingRow } from '../archive/index-store/read-digests';
import { storeDigest } from '../archive/index-store/write-digests';
import { type Digest, DIGEST_VERSION } from './digest';

export function readDigest(db: ReadableIndex, conversationId: string): Digest | undefined {
  const data = digestData(db, conversationId);
  return data === undefined ? undefined : (JSON.parse(data) as Digest);
}

/** Store a digest built from `revision` of its conversation (`json`: its JSON, when made already); analyzedAt is the watermark. */
export function writeDigest(db: WritableIndex, digest: Digest, revision: number, analyzedAt: string, json = JSON.stringify(digest)): void {
  storeDigest(db, { conversationId: digest.conversationId, version: digest.version, revision, analyzedAt, outcome: digest.outcome, data: json });
}

/**
 * Conversations whose digest is missing, of an older revision, or of an older digest version
 * (a stage-2 digest keeps its version; a lost conversation has nothing to analyze).
 */
export function pendingAnalysis(db: ReadableIndex): PendingRow[] {
  return conversationsToAnalyze(db, DIGEST_VERSION);
}
