/**
 * How a conversation relates to the one it came from (subagent, fork, continuation) gets a
 * column, so lists, usage, the timeline and a thread's children say it without opening a blob
 * per child. Archives written before learn it from their blobs here, once, by the writer: only
 * linked rows (a parent id) are read, and only each blob's head (blob-head.ts). A row whose blob
 * cannot be read (dropped by retention, gone, damaged) keeps NULL, read as a subagent, as it was
 * shown before. Order, so a kill anywhere is redone whole: (1) the heads are read into
 * `relation_fill` (made anew on every run); (2) the SQL below adds the column, copies the plan
 * into it and drops the plan, in the step's own transaction.
 */
import type Database from 'better-sqlite3';
import { readBlobHead } from '../blob-head';
import type { Migration } from './migration';

export const migration007: Migration = {
  version: 7,
  name: 'relation',
  sql: `
    ALTER TABLE conversations ADD COLUMN relation TEXT;
    UPDATE conversations SET relation = (SELECT f.relation FROM relation_fill f WHERE f.id = conversations.id) WHERE id IN (SELECT id FROM relation_fill);
    DROP TABLE relation_fill;
  `,
  files: planRelations,
};

interface LinkedRow {
  id: string;
  blob_path: string;
}

function planRelations(db: Database.Database, root: string): void {
  const rows = db
    .prepare('SELECT id, blob_path FROM conversations WHERE parent_id IS NOT NULL AND NOT (retention_stage = 3 AND retention_revision = revision)')
    .all() as LinkedRow[];
  const found = rows.flatMap((r) => {
    const relation = relationIn(root, r.blob_path);
    return relation ? [{ id: r.id, relation }] : [];
  });
  db.transaction(() => {
    db.exec('DROP TABLE IF EXISTS relation_fill; CREATE TABLE relation_fill (id TEXT PRIMARY KEY, relation TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO relation_fill (id, relation) VALUES (@id, @relation)');
    for (const f of found) insert.run(f);
  })();
}

/** The relation a blob's head records, or undefined when it records none or cannot be read. */
function relationIn(root: string, relative: string): string | undefined {
  try {
    return readBlobHead(root, relative).relation;
  } catch {
    return undefined;
  }
}
