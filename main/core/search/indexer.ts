/**
 * Keeps search.db in step with the archive. Capture stores conversations with a revision;
 * the indexer writes their full-text rows and records the revision it indexed, so work
 * interrupted by a crash is found and redone from the blobs by `catchUp`.
 */
import type Database from 'better-sqlite3';
import { readBlob } from '../archive/blob-store';
import type { IndexDb } from '../archive/db';
import { openSearchDb } from './search-db';
import { FRAGMENTS_PER_CONVERSATION, type SearchRow, searchRows } from './search-rows';

/** One conversation's rows at one revision. */
export interface IndexItem {
  readonly seq: number;
  readonly id: string;
  readonly revision: number;
  readonly rows: readonly SearchRow[];
}

export class SearchIndexer {
  private readonly db: Database.Database;
  private readonly rowCount;
  private readonly remove;
  private readonly insert;
  private readonly mark;

  constructor(root: string) {
    this.db = openSearchDb(root);
    this.rowCount = this.db.prepare('SELECT row_count FROM indexed WHERE seq = ?').pluck();
    this.remove = this.db.prepare('DELETE FROM message_fts WHERE rowid = ?');
    this.insert = this.db.prepare('INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, ?, ?, ?, ?)');
    this.mark = this.db.prepare(
      `INSERT INTO indexed (seq, conversation_id, revision, row_count) VALUES (?, ?, ?, ?)
       ON CONFLICT (seq) DO UPDATE SET conversation_id = excluded.conversation_id, revision = excluded.revision, row_count = excluded.row_count`,
    );
  }

  /** Replace the rows of each item, in one transaction. */
  index(items: readonly IndexItem[]): void {
    this.db.transaction(() => {
      for (const item of items) {
        const base = item.seq * FRAGMENTS_PER_CONVERSATION;
        const old = (this.rowCount.get(item.seq) as number | undefined) ?? 0;
        for (let i = 0; i < old; i += 1) this.remove.run(base + i);
        item.rows.forEach((r, i) => this.insert.run(base + i, r.text, r.messageIndex, r.role, r.scope));
        this.mark.run(item.seq, item.id, item.revision, item.rows.length);
      }
    })();
  }

  /** Conversations whose stored revision is not the indexed one. */
  pending(index: IndexDb): { seq: number; id: string; revision: number; blob_path: string }[] {
    const indexed = new Map<number, number>();
    for (const r of this.db.prepare('SELECT seq, revision FROM indexed').all() as { seq: number; revision: number }[]) indexed.set(r.seq, r.revision);
    const rows = index.prepare('SELECT seq, id, revision, blob_path FROM conversations').all() as { seq: number; id: string; revision: number; blob_path: string }[];
    return rows.filter((r) => indexed.get(r.seq) !== r.revision);
  }

  /** Index, from their blobs, every conversation the index has and search has not caught up with. */
  catchUp(root: string, index: IndexDb): number {
    const todo = this.pending(index);
    for (let i = 0; i < todo.length; i += 64) {
      const items: IndexItem[] = [];
      for (const t of todo.slice(i, i + 64)) {
        try {
          items.push({ seq: t.seq, id: t.id, revision: t.revision, rows: searchRows(readBlob(root, t.blob_path)) });
        } catch {
          // An unreadable blob stays unindexed (and is retried next time); its row still lists it.
        }
      }
      this.index(items);
    }
    return todo.length;
  }

  close(): void {
    this.db.close();
  }
}
