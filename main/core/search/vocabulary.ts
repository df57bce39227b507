/**
 * search.db's list of every word the word index has held (`words`, with `words_fts`: its
 * trigrams), which turns a substring term into the words that contain it (search-terms.ts).
 *
 * The indexer stages each row's text here and lists the batch's new words before it commits.
 * The words are cut by FTS5 itself: the batch goes into a small in-memory FTS5 table with the word
 * index's tokenizer, and its fts5vocab lists the distinct words once. That is half the CPU of
 * cutting every row with JavaScript regexes (README.md, "Indexing speed"), and the words are the
 * index's own, to the character. Most are listed already, so the ones seen lately are remembered
 * and not asked for again (a bounded set: memory stays flat).
 */
import type Database from 'better-sqlite3';
import { isCjkOnly, MAX_VOCABULARY_WORD } from './word-tokens';

/** Words remembered as listed before the set starts over (~100 bytes each). */
const REMEMBERED = 200_000;

/** The in-memory database the batch is staged in (attached to the indexer's connection). */
const STAGE = 'vocabulary_stage';

export class Vocabulary {
  private readonly insert;
  private readonly insertTrigrams;
  private readonly stage;
  private readonly stagedWords;
  private readonly clearStage;
  private known = new Set<string>();
  private staged = 0;

  constructor(db: Database.Database) {
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
  }

  /** Stages `text`: its words are listed by the next `flush`. */
  add(text: string): void {
    this.staged += 1;
    this.stage.run(this.staged, text);
  }

  /** Lists the staged texts' words not listed yet (not CJK alone, none too long) and empties the stage; inside the batch's transaction. */
  flush(): void {
    if (this.staged === 0) return;
    // .all(): the connection cannot write while a statement is still stepping (a batch's new words are a few thousand).
    for (const word of this.stagedWords.all() as string[]) {
      if (this.known.has(word)) continue;
      if (this.known.size >= REMEMBERED) this.known = new Set();
      this.known.add(word);
      if (word.length > MAX_VOCABULARY_WORD || isCjkOnly(word)) continue;
      const added = this.insert.run(word, reversed(word));
      if (added.changes) this.insertTrigrams.run(added.lastInsertRowid, word);
    }
    this.clearStage.run();
    this.staged = 0;
  }
}

/** `word` spelled backwards (by code point): words ending with a suffix are a range of these. */
export function reversed(word: string): string {
  return [...word].reverse().join('');
}
