/**
 * Keeps search.db in step with the archive. Capture stores conversations with a revision;
 * the indexer writes their full-text rows and records the revision it indexed, so work
 * interrupted by a crash is found and redone from the blobs by `catchUp`.
 */
import type Database from 'better-sqlite3';
import type { Conversation } from '../../../shared/record';
import { readBlob } from '../archive/blob-store';
import type { StoredConversation } from '../archive/changes';
import type { ReadableIndex } from '../archive/db';
import { type ConversationRevision, conversationRevisions } from '../archive/index-store/read-conversations';
import { cjkBigrams, firstRowid, keyFits, ROWIDS_PER_CONVERSATION, rowidOf, wantedRowKey } from './row-keys';
import { openSearchDb } from './search-db';
import { FRAGMENTS_PER_CONVERSATION, type SearchRow, searchRowsOf } from './search-rows';
import { packText } from './row-text';
import { Vocabulary } from './vocabulary';

/** One conversation's rows at one revision. */
export interface IndexItem {
  readonly seq: number;
  readonly id: string;
  readonly revision: number;
  readonly rows: readonly SearchRow[];
  /** When the conversation was last active (ISO): where its rows go in the newest-first order. Now when absent. */
  readonly lastActive?: string;
  /**
   * A conversation with more rows than one piece holds comes in pieces (indexPiecesOf): `first`
   * is the number of its rows the pieces before this one held (0 or absent: the first piece,
   * which replaces the old rows), `more` says pieces follow. Only the last piece marks the
   * revision indexed, so an interrupted run leaves it to the catch-up.
   */
  readonly first?: number;
  readonly more?: boolean;
}

/** Characters of row text per batch handed to the indexer: what one huge conversation is cut into. */
const PIECE_CHARS = 2 * 1024 * 1024;

/** Conversations per catch-up batch at most (one transaction), however little text they hold. */
const CATCH_UP_CONVERSATIONS = 64;

/** Rows indexed in one session after which the word index's segments are merged on close (see mergeSegments). */
const MERGE_AFTER_ROWS = 20_000;
/**
 * The app's live indexer, past MERGE_AFTER_ROWS over its life, merges all the index on close only
 * when it wrote at least this share of it; else only the levels it filled. A merge of all rewrites
 * the whole index, 6.4–7.4 s at a million messages, and the live indexer closes on the main
 * process as the app quits. A sync's thread and a catch-up still merge all: at 1M, the few
 * segments a day's sync leaves cost search 10–15 % (its worst query 30–50 %: README.md, "A sync
 * into a large archive"), and they run off the main process.
 */
const MERGE_ALL_SHARE = 1 / 4;

/**
 * SQLite's page cache for the indexer's connection, in KiB (`PRAGMA cache_size = -N`). better-sqlite3
 * builds SQLite with 16 MB per connection, which a first sync fills once search.db outgrows it:
 * ~30 MB of a 200 MB sync's peak RSS (main/core/search/README.md, "Memory of a sync"). The
 * indexer appends segments and rows; at 2 MB it indexes as fast.
 */
const INDEXER_CACHE_KIB = 2000;

/**
 * FTS5 merges a level's segments once it holds this many (`automerge`; FTS5's default, 4, while
 * indexing a few rows at a time), and this many in a bulk session (a first sync, a rebuild), whose
 * segments are all merged on close anyway: indexing CPU −8–9 % (README.md, "Indexing speed").
 */
const AUTOMERGE_LIVE = 4;
const AUTOMERGE_BULK = 16;

/** Rows a session with a deferred vocabulary writes before its words are first listed from the index (then at twice as many, and so on). */
const FIRST_RELIST = 2_000;

/** The revision a conversation is marked with while its pieces are being indexed: never a stored one. */
const PIECES_PENDING = -1;

/**
 * The full-text rows of conversations a commit stored or thinned (what a subscriber hands the
 * indexer), in batches of about `maxChars` of text: a huge conversation's rows are made and
 * handed over a piece at a time, never all at once.
 */
export function* indexPiecesOf(conversations: readonly StoredConversation[], maxChars = PIECE_CHARS): Generator<IndexItem[]> {
  let batch: IndexItem[] = [];
  let chars = 0;
  for (const { conversation, seq, revision } of conversations) {
    const item = { seq, id: conversation.id, revision, lastActive: conversation.endedAt ?? conversation.startedAt };
    let rows: SearchRow[] = [];
    let first = 0;
    for (const row of searchRowsOf(conversation)) {
      if (chars + row.text.length > maxChars && (rows.length > 0 || batch.length > 0)) {
        if (rows.length > 0) batch.push({ ...item, rows, first, more: true });
        first += rows.length;
        rows = [];
        yield batch;
        batch = [];
        chars = 0;
      }
      rows.push(row);
      chars += row.text.length;
    }
    batch.push(first > 0 ? { ...item, rows, first } : { ...item, rows });
  }
  if (batch.length > 0) yield batch;
}

function textChars(item: IndexItem): number {
  return item.rows.reduce((n, r) => n + r.text.length, 0);
}

export class SearchIndexer {
  private readonly db: Database.Database;
  private readonly previous;
  private readonly keysFrom;
  private readonly remove;
  private readonly removeCjk;
  private readonly removeText;
  private readonly rowsInRange;
  private readonly cjkInRange;
  private readonly insert;
  private readonly insertText;
  private readonly insertCjk;
  private readonly mark;
  private readonly vocabulary;
  /** Rows inserted since opened: a large batch's segments are merged on close. */
  private inserted = 0;
  /** This session merges its segments on close, so FTS5 merges less while it runs (beginBulk). */
  private bulk = false;
  /**
   * Whether this session may turn bulk past MERGE_AFTER_ROWS: a sync's indexer thread and a
   * catch-up, which end with the run. Not the app's live indexer, which re-indexes whole
   * conversations for as long as the app runs: it would pass the mark within minutes and pile up
   * segments until the app quits.
   */
  private mayGoBulk: boolean;
  /** Rows the index held when opened (its conversations' row counts). */
  private readonly rowsAtOpen: number;
  /**
   * Once a session has written as many rows as the index held before it (a first sync, a
   * rebuild: from its first batch), its vocabulary is listed from the index, not staged batch by
   * batch (Vocabulary.deferUntilRelisted): when `inserted` reaches this, which then doubles, and
   * on close. A substring search finds the words of at least half the rows written so far, for at
   * most twice the cost of the one walk at the end. Infinity: not deferred.
   */
  private relistAt = Infinity;

  constructor(root: string, options: { readonly bulk?: boolean } = {}) {
    this.mayGoBulk = options.bulk ?? false;
    this.db = openSearchDb(root);
    this.db.pragma(`cache_size = -${INDEXER_CACHE_KIB}`);
    // A bulk session cut short (a crash, a kill) left its setting behind: live indexing merges as usual.
    const automerge = this.db.prepare("SELECT v FROM message_fts_config WHERE k = 'automerge'").pluck().get();
    if (automerge !== undefined && automerge !== AUTOMERGE_LIVE) this.setAutomerge(AUTOMERGE_LIVE);
    this.previous = this.db.prepare('SELECT row_count, row_key FROM indexed WHERE seq = ?');
    this.keysFrom = this.db.prepare('SELECT row_key FROM indexed WHERE row_key >= ? ORDER BY row_key').pluck();
    this.remove = this.db.prepare('DELETE FROM message_fts WHERE rowid = ?');
    this.removeCjk = this.db.prepare('DELETE FROM cjk_fts WHERE rowid = ?');
    this.removeText = this.db.prepare('DELETE FROM message_text WHERE rowid = ?');
    // message_text has a row for every message_fts row (the word index is contentless: it cannot list its rows).
    this.rowsInRange = this.db.prepare('SELECT rowid FROM message_text WHERE rowid >= ? AND rowid < ?').pluck();
    // Through cjk_fts's own size table (a row each, keyed by rowid): FTS5 answers a rowid range on the
    // table itself by scanning it whole, ~14 ms at a million messages, for every conversation stored.
    this.cjkInRange = this.db.prepare('SELECT id FROM cjk_fts_docsize WHERE id >= ? AND id < ?').pluck();
    this.insert = this.db.prepare('INSERT INTO message_fts (rowid, text) VALUES (?, ?)');
    this.insertText = this.db.prepare('INSERT INTO message_text (rowid, message_index, tool, text) VALUES (?, ?, ?, ?)');
    this.vocabulary = new Vocabulary(this.db);
    // A sync's thread lists what a session cut short left; the app's live indexer only what a migration asks (vocabulary.ts).
    this.vocabulary.relistIfMarked(this.mayGoBulk ? 'any' : 'migration');
    this.rowsAtOpen = this.db.prepare('SELECT coalesce(sum(row_count), 0) FROM indexed').pluck().get() as number;
    this.insertCjk = this.db.prepare('INSERT INTO cjk_fts (rowid, bigrams) VALUES (?, ?)');
    this.mark = this.db.prepare(
      `INSERT INTO indexed (seq, conversation_id, revision, row_count, row_key) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (seq) DO UPDATE SET conversation_id = excluded.conversation_id, revision = excluded.revision,
         row_count = excluded.row_count, row_key = excluded.row_key`,
    );
  }

  /** The most of search.db's pages SQLite keeps in this connection's memory, in bytes. */
  pageCacheBytes(): number {
    const size = this.db.pragma('cache_size', { simple: true }) as number;
    return size < 0 ? -size * 1024 : size * (this.db.pragma('page_size', { simple: true }) as number);
  }

  /**
   * Replace the rows of each item (or add a later piece's), in one transaction. Immediate (as every
   * write transaction here): a deferred one reads first, and its upgrade to a write is refused at
   * once, without the busy wait, when another connection wrote search.db meanwhile ("database is
   * locked": CI saw it once in evict --apply, whose search compaction writes beside the indexer).
   */
  index(items: readonly IndexItem[]): void {
    this.db.transaction(() => {
      if (this.inserted >= this.relistAt) {
        this.vocabulary.relist();
        this.relistAt = this.inserted * 2;
      } else if (this.mayGoBulk && this.relistAt === Infinity && this.inserted >= this.rowsAtOpen) {
        this.vocabulary.deferUntilRelisted();
        this.relistAt = Math.max(FIRST_RELIST, this.inserted * 2);
      }
      for (const item of items) {
        if (item.first) {
          this.addPiece(item, item.first);
          continue;
        }
        const old = this.previous.get(item.seq) as { row_count: number; row_key: number } | undefined;
        if (old) this.clearRows(firstRowid(old.row_key));
        const wanted = wantedRowKey(item.lastActive);
        const key = old && keyFits(old.row_key, wanted) ? old.row_key : this.freeKey(wanted, old?.row_key);
        const base = firstRowid(key);
        // A key no mark names may still hold rows a lost mark left behind (a damaged search.db).
        if (!old || key !== old.row_key) this.clearRows(base);
        const rows = this.insertRows(base, 0, item.rows);
        this.mark.run(item.seq, item.id, item.more ? PIECES_PENDING : item.revision, rows, key);
      }
      this.vocabulary.flush();
      if (this.mayGoBulk && this.inserted >= MERGE_AFTER_ROWS && !this.bulk) this.beginBulk();
    }).immediate();
  }

  /** A later piece of a conversation: its rows go on after the earlier pieces', under the key the first took. */
  private addPiece(item: IndexItem, first: number): void {
    const started = this.previous.get(item.seq) as { row_count: number; row_key: number } | undefined;
    // The first piece was not indexed (its batch failed): the catch-up indexes the whole conversation.
    if (!started || started.row_count !== first) return;
    const rows = this.insertRows(firstRowid(started.row_key), first, item.rows);
    this.mark.run(item.seq, item.id, item.more ? PIECES_PENDING : item.revision, first + rows, started.row_key);
  }

  /** Inserts rows numbered from `from` under the key whose first rowid is `base`; returns how many fit. */
  private insertRows(base: number, from: number, rows: readonly SearchRow[]): number {
    const fitting = rows.slice(0, Math.max(0, FRAGMENTS_PER_CONVERSATION - 1 - from));
    this.inserted += fitting.length;
    fitting.forEach((r, i) => {
      const rowid = rowidOf(base, from + i, r.scope, r.role);
      this.insert.run(rowid, r.text);
      this.insertText.run(rowid, r.messageIndex, r.tool ?? null, packText(r.text));
      this.vocabulary.add(r.text);
      const bigrams = cjkBigrams(r.text);
      if (bigrams) this.insertCjk.run(rowid, bigrams);
    });
    return fitting.length;
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
    }).immediate();
  }

  /** Every row under the row_key whose first rowid is `base`, in every table, one rowid at a time (a range DELETE scans the table). */
  private clearRows(base: number): void {
    for (const rowid of this.rowsInRange.all(base, base + ROWIDS_PER_CONVERSATION) as number[]) {
      this.remove.run(rowid);
      this.removeText.run(rowid);
    }
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

  /**
   * Index, from their blobs, every conversation the index has and search has not caught up with
   * (a rebuild after a search migration, a deferred sync). One blob is read at a time, and its rows
   * go in batches of about PIECE_CHARS (a huge conversation in pieces), never 64 whole
   * conversations' rows at once (a catch-up of the 200 MB bench corpus alone peaked at 226–237 MB
   * that way, 160–163 MB this way). `onLeft` is told how many conversations are left, first all of
   * them (when there are any), then after each batch (a sync's progress: "Indexing for search: N conversations to go").
   */
  catchUp(root: string, index: ReadableIndex, onLeft?: (left: number) => void): number {
    this.mayGoBulk = true; // a catch-up ends with its run, and may be the whole archive (a rebuild)
    const todo = this.pending(index);
    let batch: IndexItem[] = [];
    let chars = 0;
    /** Conversations whose rows are all indexed (or whose blob could not be read), of `todo`. */
    let done = 0;
    /** Conversations whose last rows wait in `batch`. */
    let batched = 0;
    let told = 0; // nothing to do is no news
    const tell = () => {
      if (todo.length - done !== told) onLeft?.((told = todo.length - done));
    };
    const flush = () => {
      if (batch.length > 0) this.index(batch);
      batch = [];
      chars = 0;
      done += batched;
      batched = 0;
      tell();
    };
    tell();
    for (const t of todo) {
      let conversation: Conversation;
      try {
        conversation = readBlob(root, t.blob_path);
      } catch {
        done += 1;
        tell();
        continue; // An unreadable blob stays unindexed (and is retried next time); its row still lists it.
      }
      let inBatch = false;
      for (const piece of indexPiecesOf([{ conversation, seq: t.seq, revision: t.revision }])) {
        const items = piece.map((item) => ({ ...item, lastActive: t.last_active ?? undefined }));
        if (items.length !== 1 || items[0].first || items[0].more) {
          // One piece of a conversation too large for one batch: indexed in its own order, on its own.
          flush();
          this.index(items);
          continue;
        }
        inBatch = true;
        batch.push(items[0]);
        chars += textChars(items[0]);
        batched += 1;
        if (chars >= PIECE_CHARS || batch.length >= CATCH_UP_CONVERSATIONS) flush();
      }
      if (!inBatch) {
        done += 1; // its pieces, each indexed on its own
        tell();
      }
    }
    flush();
    return todo.length;
  }

  /**
   * Merges the word index's segments after a large batch of rows (a first sync, a rebuild): a
   * term's doclist is then read from one segment instead of each of ~20, which made an expanded
   * term's walk 3–4× cheaper at 200k messages for ~1 s of CPU (README.md). In bounded steps,
   * each its own transaction, so readers are not held up. `levels`: only the levels holding four
   * segments or more are merged (FTS5's 'merge' with a positive page count), so a large segment
   * written earlier is left as it is.
   */
  private mergeSegments(scope: 'all' | 'levels'): void {
    const merge = this.db.prepare(`INSERT INTO message_fts (message_fts, rank) VALUES ('merge', ${scope === 'all' ? -500 : 500})`);
    const changes = this.db.prepare('SELECT total_changes()').pluck();
    for (let i = 0; i < 10_000; i += 1) {
      const before = changes.get() as number;
      merge.run();
      if ((changes.get() as number) - before < 2) break; // nothing left to merge
    }
  }

  close(): void {
    const merging = this.inserted >= MERGE_AFTER_ROWS;
    const rows = merging ? (this.db.prepare('SELECT count(*) FROM message_text').pluck().get() as number) : 0;
    if (merging) {
      this.mergeSegments(this.mayGoBulk || this.inserted >= rows * MERGE_ALL_SHARE ? 'all' : 'levels');
      if (this.bulk) this.setAutomerge(AUTOMERGE_LIVE);
    }
    // A deferred vocabulary is listed now, after the merge (the terms walked in one segment).
    if (this.relistAt !== Infinity) this.vocabulary.relistIfMarked();
    if (merging) this.packAfterBuild(rows);
    this.db.close();
  }

  /** From here on the session is bulk: it merges all its segments on close, so FTS5 need not keep merging them while it runs. */
  private beginBulk(): void {
    this.bulk = true;
    this.setAutomerge(AUTOMERGE_BULK);
  }

  /** FTS5's automerge setting (kept in search.db: message_fts_config). Through FTS5's command, which its connections' cached settings follow. */
  private setAutomerge(segments: number): void {
    this.db.exec(`INSERT INTO message_fts (message_fts, rank) VALUES ('automerge', ${Math.trunc(segments)})`);
  }

  /**
   * After a session that wrote most of search.db (a first sync, a rebuild), VACUUM it: rows go in
   * conversation by conversation, not in rowid order, so pages are left part-full (at 200k
   * messages 260 → 247 MB, 1.3 s of CPU: README.md). Optional: a failure (disk full, busy) leaves
   * search.db as it was.
   */
  private packAfterBuild(rows: number): void {
    if (this.inserted * 2 < rows) return;
    try {
      this.db.exec('VACUUM');
    } catch {
      // Only space is lost.
    }
  }
}
