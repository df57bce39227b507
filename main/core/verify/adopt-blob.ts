/**
 * `verify --repair` for a row that describes another revision than its blob holds: the blob is
 * what the archive has, so the row is described by it again, as a new revision (search rows and
 * the digest follow it), and the cursors of its source files are forgotten, so the next sync
 * reads them from their start and adds back what they still hold of the revision the row named.
 */
import { readBlob } from '../archive/blob-store';
import type { WritableIndex } from '../archive/db';
import { conversationById } from '../archive/index-store/read-conversations';
import { adoptBlobFacts, BLOB_FACTS, type BlobFacts } from '../archive/index-store/write-conversations';
import { rowValues } from '../archive/rows';
import type { Fix } from './findings';

/** Returns how many source cursors were forgotten. */
export function adoptBlobs(root: string, db: WritableIndex, fixes: readonly Extract<Fix, { type: 'adopt-blob' }>[]): number {
  // Read before the transaction: a blob that cannot be read now is left for verify to name again.
  const adopted = fixes.flatMap((f) => {
    const row = conversationById(db, f.id);
    if (!row) return [];
    try {
      const v = rowValues(readBlob(root, row.blob_path), row.blob_path, row.blob_bytes, row.source_deleted === 1);
      return [{ id: row.id, sources: f.sources, facts: Object.fromEntries(BLOB_FACTS.map((k) => [k, v[k]])) as BlobFacts }];
    } catch {
      return [];
    }
  });
  return adoptBlobFacts(db, adopted, adopted.flatMap((a) => a.sources));
}
