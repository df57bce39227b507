/**
 * `verify --repair` for a row that describes another revision than its blob holds: the blob is
 * what the archive has, so the row is described by it again, as a new revision (search rows and
 * the digest follow it), and the cursors of its source files are forgotten, so the next sync
 * reads them from their start and adds back what they still hold of the revision the row named.
 */
import { readBlob } from '../archive/blob-store';
import type { IndexDb } from '../archive/db';
import { type ConversationRow, rowValues } from '../archive/rows';
import type { Fix } from './findings';

const FACTS = ['title', 'started_at', 'ended_at', 'models', 'usage', 'sources', 'cwd', 'git_branch', 'agent_version', 'message_count', 'prompt_count', 'warning_count', 'rewrite_count'] as const;

/** Returns how many source cursors were forgotten. */
export function adoptBlobs(root: string, db: IndexDb, fixes: readonly Extract<Fix, { type: 'adopt-blob' }>[]): number {
  const rowOf = db.prepare('SELECT * FROM conversations WHERE id = ?');
  // Read before the transaction: a blob that cannot be read now is left for verify to name again.
  const adopted = fixes.flatMap((f) => {
    const row = rowOf.get(f.id) as ConversationRow | undefined;
    if (!row) return [];
    try {
      const v = rowValues(readBlob(root, row.blob_path), row.blob_path, row.blob_bytes, row.source_deleted === 1);
      return [{ id: row.id, sources: f.sources, facts: Object.fromEntries(FACTS.map((k) => [k, v[k]])) }];
    } catch {
      return [];
    }
  });
  const update = db.prepare(`UPDATE conversations SET ${FACTS.map((k) => `${k} = @${k}`).join(', ')},
    retention_revision = CASE WHEN retention_revision = revision THEN revision + 1 ELSE retention_revision END,
    revision = revision + 1 WHERE id = @id`);
  const forget = db.prepare('DELETE FROM sources WHERE path = ?');
  let forgotten = 0;
  db.transaction(() => {
    for (const a of adopted) update.run({ id: a.id, ...a.facts });
    for (const p of new Set(adopted.flatMap((a) => a.sources))) forgotten += forget.run(p).changes;
  })();
  return forgotten;
}
