/**
 * search.db's list of every word the word index has held (`words`, with `words_fts`: its
 * trigrams), which turns a substring term into the words that contain it (search-terms.ts).
 *
 * The indexer stages each row's text here and lists the batch's new words before it commits.
 * The words are cut by FTS5 itself: the batch goes into a small in-memory FTS5 table with the word
 * index's tokenizer, and its fts5vocab lists the distinct words once. That is half the CPU of
 * cutting every row with JavaScript regexes (README.md, "Indexing speed"); the words are the
 * index's own, to the character, and a query's terms are cut and folded as FTS5 does
 * (word-tokens.ts). Most are listed already, so the ones seen lately are remembered and not asked
 * for again (a bounded set: memory stays flat). A session that writes most of the index lists them
 * from the index's own terms instead (deferUntilRelisted). */
import type Database from 'better-sqlite3';
import { isCjkOnly, MAX_VOCABULARY_WORD } from './word-tokens';

/** Words remembered as listed before the set starts over (~100 bytes each). */
const REMEMBERED = 200_000;

/** The in-memory database the batch is staged in (attached to the indexer's connection). */
const STAGE = 'vocabulary_stage';

export class Vocabulary {
  private readonly db;
  private readonly insert;
  private readonly insertTrigrams;
  private readonly stage;
  private readonly stagedWords;
  private readonly clearStage;
  private readonly marked;
  private readonly markForRelist;
  private known = new Set<string>();
  private staged = 0;
  /** Words are no longer staged: they are listed from the index itself (deferUntilRelisted). */
  private deferred = false;

  constructor(db: Database.Database) {
    this.db = db;
    this.insert = db.prepare('INSERT OR IGNORE INTO words (word, reversed) VALUES (?, ?)');
    this.insertTrigrams = db.prepare('INSERT INTO words_fts (rowid, word) VALUES (?, ?)');
    // The same tokenizer as message_fts (migration 004): the words listed are the words it holds.
    // detail=none and no sizes: only the terms are read back.
    db.exec(`ATTACH DATABASE ':memory:' AS ${STAGE};
      CREATE VIRTUAL TABLE ${STAGE}.rows USING fts5(text, content = '', detail = none, columnsize = 0, tokenize = 'unicode61 remove_diacritics 0');
      CREATE VIRTUAL TABLE ${STAGE}.terms USING fts5vocab(rows, 'row');`);
    this.stage = db.prepare(`INSERT INTO ${STAGE}.rows (rowid, text) VALUES (?, ?)`);
    this.stagedWords = db.prepare(`SELECT term FROM ${STAGE}.terms`).pluck();
    this.clearStage = db.prepare(`INSERT INTO ${STAGE}.rows (rows) VALUES ('delete-all')`);
    this.marked = db.prepare('SELECT EXISTS (SELECT 1 FROM vocabulary_relist)').pluck();
    this.markForRelist = db.prepare(`INSERT INTO vocabulary_relist (pending) VALUES (${MARKED_BY_SESSION})`);
  }

  /** Stages `text`: its words are listed by the next `flush` (or, deferred, by the next relist). */
  add(text: string): void {
    if (this.deferred) return;
    this.staged += 1;
    this.stage.run(this.staged, text);
  }

  /** Lists the staged texts' words not listed yet and empties the stage; inside the batch's transaction. */
  flush(): void {
    // Checked in every batch: another indexer opening search.db meanwhile relists and drops the mark.
    // Read first: a write statement here would make FTS5 write its pending terms out (a savepoint) before the commit does.
    if (this.deferred && !this.marked.get()) this.markForRelist.run();
    if (this.staged === 0) return;
    // .all(): the connection cannot write while a statement is still stepping (a batch's distinct words: a few thousand).
    for (const word of this.stagedWords.all() as string[]) {
      // One never listed is not remembered either (a 32 KB token would stay in memory).
      if (this.known.has(word) || !listable(word)) continue;
      if (this.known.size >= REMEMBERED) this.known = new Set();
      this.known.add(word);
      this.list(word);
    }
    this.clearStage.run();
    this.staged = 0;
  }

  /**
   * From here on, texts are not staged: the words are listed by walking the whole index's terms
   * (relist), marked in search.db so that a session cut short leaves it to the next indexer. For a
   * session that writes most of the index (a first sync, a rebuild): staging cuts every row a
   * second time, ~13 % of indexing, where a walk of the index's terms costs a tenth of that per
   * byte indexed (README.md, "Indexing speed"). Inside the batch's transaction.
   */
  deferUntilRelisted(): void {
    this.deferred = true;
    this.flush(); // lists what is staged, and marks search.db
  }

  /** Lists every word the index holds that is not listed yet (a deferred session's words so far); inside the caller's transaction. */
  relist(): number {
    const db = this.db;
    db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocabulary_held USING fts5vocab(main, message_fts, 'row')");
    const after = db.prepare('SELECT term FROM temp.vocabulary_held WHERE term > ? ORDER BY term LIMIT ?').pluck();
    let added = 0;
    // In chunks, each read whole before writing (the connection cannot write while a statement steps).
    for (let last = ''; ; ) {
      const terms = after.all(last, RELIST_CHUNK) as string[];
      if (terms.length === 0) break;
      // Not skipping the words `known` remembers: a batch whose commit failed listed them in memory only.
      for (const word of terms) if (listable(word) && this.list(word)) added += 1;
      last = terms[terms.length - 1];
    }
    return added;
  }

  /**
   * Lists every word message_fts holds when search.db is marked (`migration`: only migration 005's
   * mark, the words an older build cut and folded with JavaScript; `any`: a deferring session's
   * too), and drops the marks; in one transaction, so an interrupted run leaves them for the next.
   * Returns how many words were added.
   */
  relistIfMarked(marks: 'any' | 'migration' = 'any'): number {
    const db = this.db;
    const only = marks === 'migration' ? ` WHERE pending = ${MARKED_BY_MIGRATION}` : '';
    if ((db.prepare(`SELECT count(*) FROM vocabulary_relist${only}`).pluck().get() as number) === 0) return 0;
    const added = db
      .transaction(() => {
        const n = this.relist();
        db.exec('DELETE FROM vocabulary_relist');
        return n;
      })
      .immediate();
    db.exec('DROP TABLE IF EXISTS temp.vocabulary_held');
    this.deferred = false;
    return added;
  }

  /** Adds `word` to the vocabulary and its trigrams unless it is there; true when it was added. */
  private list(word: string): boolean {
    const added = this.insert.run(word, reversed(word));
    if (added.changes) this.insertTrigrams.run(added.lastInsertRowid, word);
    return added.changes > 0;
  }
}

/**
 * vocabulary_relist's marks: search migration 005's (the words an older build cut), and a
 * deferring session's (deferUntilRelisted). Any indexer lists the first when it opens search.db; the
 * second only a bulk one (a sync's thread), off the app's main process: a walk of the whole index
 * is seconds at a million messages, and the session that set it lists it on close anyway.
 */
const MARKED_BY_MIGRATION = 1;
const MARKED_BY_SESSION = 2;

/** Words of the index listed per statement while the vocabulary is listed again (relistIfMarked). */
const RELIST_CHUNK = 5000;

/** The vocabulary leaves out words of CJK alone (cjk_fts finds those) and words too long for a person to type. */
function listable(word: string): boolean {
  return word.length <= MAX_VOCABULARY_WORD && !isCjkOnly(word);
}

/** `word` spelled backwards (by code point): words ending with a suffix are a range of these. */
export function reversed(word: string): string {
  return [...word].reverse().join('');
}
