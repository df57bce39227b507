/**
 * Keeps search.db in step with the archive. Capture stores conversations with a revision;
 * the indexer writes their full-text rows and records the revision it indexed, so work
 * interrupted by a crash is found and redone from the blobs by `catchUp`.
 */
import type Database from 'better-sqlite3';
import { readBlob } from '../archive/blob-store';
import type { StoredConversation } from '../archive/changes';
import type { ReadableIndex } from '../archive/db';
import { type ConversationRevision, conversationRevisions } from '../archive/index-store/read-conversations';
import { cjkBigrams, firstRowid, keyFits, ROWIDS_PER_CONVERSATION, rowidOf, wantedRowKey } from './row-keys';
import { openSearchDb } from './search-db';
import { FRAGMENTS_PER_CONVERSATION, type SearchRow, searchRows } from './search-rows';

/** One conversation's rows at one revision. */
export interface IndexItem {
  readonly seq: number;
  readonly id: string;
  readonly revision: number;
  readonly rows: readonly SearchRow[];
  /** When the conversation was last active (ISO): where its rows go in the newest-first order. Now when absent. */
  readonly lastActive?: string;
}

/** The full-text rows of conversations a commit stored or thinned (what a subscriber hands the indexer). */
export function indexItemsOf(conversations: readonly StoredConversation[]): IndexItem[] {
  return conversations.map(({ conversation, seq, revision }) => ({ seq, id: conversation.id, revision, rows: searchRows(conversation), lastActive: conversation.endedAt ?? conversation.startedAt }));
}

export class SearchIndexer {
  private readonly db: Database.Database;
  private readonly previous;
  private readonly keysFrom;
  private readonly remove;
  private readonly removeCjk;
  private readonly rowsInRange;
  private readonly cjkInRange;
  private readonly insert;
  private readonly insertCjk;
  private readonly mark;

  constructor(root: string) {
    this.db = openSearchDb(root);
    this.previous = this.db.prepare('SELECT row_count, row_key FROM indexed WHERE seq = ?');
    this.keysFrom = this.db.prepare('SELECT row_key FROM indexed WHERE row_key >= ? ORDER BY row_key').pluck();
    this.remove = this.db.prepare('DELETE FROM message_fts WHERE rowid = ?');
    this.removeCjk = this.db.prepare('DELETE FROM cjk_fts WHERE rowid = ?');
    this.rowsInRange = this.db.prepare('SELECT rowid FROM message_fts WHERE rowid >= ? AND rowid < ?').pluck();
    this.cjkInRange = this.db.prepare('SELECT rowid FROM cjk_fts WHERE rowid >= ? AND rowid < ?').pluck();
    this.insert = this.db.prepare('INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, ?, ?, ?, ?)');
    this.insertCjk = this.db.prepare('INSERT INTO cjk_fts (rowid, bigrams) VALUES (?, ?)');
    this.mark = this.db.prepare(
      `INSERT INTO indexed (seq, conversation_id, revision, row_count, row_key) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (seq) DO UPDATE SET conversation_id = excluded.conversation_id, revision = excluded.revision,
         row_count = excluded.row_count, row_key = excluded.row_key`,
    );
  }

  /** Replace the rows of each item, in one transaction. */
  index(items: readonly IndexItem[]): void {
    this.db.transaction(() => {
      for (const item of items) {
        const old = this.previous.get(item.seq) as { row_count: number; row_key: number } | undefined;
        if (old) this.clearRows(firstRowid(old.row_key));
        const wanted = wantedRowKey(item.lastActive);
        const key = old && keyFits(old.row_key, wanted) ? old.row_key : this.freeKey(wanted, old?.row_key);
        const base = firstRowid(key);
        // A key no mark names may still hold rows a lost mark left behind (a damaged search.db).
        if (!old || key !== old.row_key) this.clearRows(base);
        const rows = item.rows.slice(0, FRAGMENTS_PER_CONVERSATION - 1);
        rows.forEach((r, i) => {
          const rowid = rowidOf(base, i, r.scope, r.role);
          this.insert.run(rowid, r.text, r.messageIndex, r.role, r.scope);
          const bigrams = cjkBigrams(r.text);
          if (bigrams) this.insertCjk.run(rowid, bigrams);
        });
        this.mark.run(item.seq, item.id, item.revision, rows.length, key);
      }
    })();
  }

  /** Drop every row of these conversations and what says they were indexed (the next catch-up indexes them anew). */
  forget(seqs: readonly number[]): void {
    const unmark = this.db.prepare('DELETE FROM indexed WHERE seq = ?');
    this.db.transaction(() => {
      for (const seq of seqs) {
        const old = this.previous.get(seq) as { row_key: number } | undefined;
        if (old) this.clearRows(firstRowid(old.row_key));
        unmark.run(seq);
      }
    })();
  }

  /** Every row under the row_key whose first rowid is `base`, in both tables, one rowid at a time (a range DELETE scans the table). */
  private clearRows(base: number): void {
    for (const rowid of this.rowsInRange.all(base, base + ROWIDS_PER_CONVERSATION) as number[]) this.remove.run(rowid);
    for (const rowid of this.cjkInRange.all(base, base + ROWIDS_PER_CONVERSATION) as number[]) this.removeCjk.run(rowid);
  }

  /** The first row_key at or after `wanted` no other conversation holds (`own` is this one's old key). */
  private freeKey(wanted: number, own: number | undefined): number {
    let key = wanted;
    for (const taken of this.keysFrom.iterate(wanted) as Iterable<number>) {
      if (taken > key || taken === own) break; // a gap, or this conversation's own slot
      key += 1;
    }
    return key;
  }

  /** Conversations whose stored revision is not the indexed one. */
  pending(index: ReadableIndex): ConversationRevision[] {
    const indexed = new Map<number, number>();
    for (const r of this.db.prepare('SELECT seq, revision FROM indexed').all() as { seq: number; revision: number }[]) indexed.set(r.seq, r.revision);
    return conversationRevisions(index).filter((r) => indexed.get(r.seq) !== r.revision);
  }

  /** Index, from their blobs, every conversation the index has and search has not caught up with. */
  catchUp(root: string, index: ReadableIndex): number {
    const todo = this.pending(index);
    for (let i = 0; i < todo.length; i += 64) {
      const items: IndexItem[] = [];
      for (const t of todo.slice(i, i + 64)) {
        try {
          items.push({ seq: t.seq, id: t.id, revision: t.revision, rows: searchRows(readBlob(root, t.blob_path)), lastActive: t.last_active ?? undefined });
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
