/**
 * search.db's list of every word the word index has held (`words`, with `words_fts`: its
 * trigrams), which turns a substring term into the words that contain it (search-terms.ts).
 * The indexer adds each row's words; most are already listed, so the ones seen lately are
 * remembered here and not asked for again (a bounded set: memory stays flat).
 */
import type Database from 'better-sqlite3';
import { vocabularyWords } from './word-tokens';

/** Words remembered as listed before the set starts over (~100 bytes each). */
const REMEMBERED = 200_000;

export class Vocabulary {
  private readonly insert;
  private readonly insertTrigrams;
  private known = new Set<string>();

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT OR IGNORE INTO words (word, reversed) VALUES (?, ?)');
    this.insertTrigrams = db.prepare('INSERT INTO words_fts (rowid, word) VALUES (?, ?)');
  }

  /** Lists the words of `text` not listed yet. */
  add(text: string): void {
    for (const word of vocabularyWords(text, new Set())) {
      if (this.known.has(word)) continue;
      if (this.known.size >= REMEMBERED) this.known = new Set();
      this.known.add(word);
      const added = this.insert.run(word, reversed(word));
      if (added.changes) this.insertTrigrams.run(added.lastInsertRowid, word);
    }
  }
}

/** `word` spelled backwards (by code point): words ending with a suffix are a range of these. */
export function reversed(word: string): string {
  return [...word].reverse().join('');
}
