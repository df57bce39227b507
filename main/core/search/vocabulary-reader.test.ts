/**
 * A term's forms come from the vocabulary's trigram index (search-terms.ts VocabularyReader): the
 * words holding the term, or 'many' when the index should not OR them (the term is then checked
 * on the text). On a real archive's vocabulary a common word is in thousands of words, and the
 * reader gives up on those by counting the trigram index's matches instead of reading them.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EXPANSION, VocabularyReader } from './search-terms';
import { openSearchDb, searchDbPath } from './search-db';
import { reversed } from './vocabulary';

let db: Database.Database;
const lists = new Map<string, string[]>();

/** `n` words holding `term` (compounds, as identifiers fold: `parsezyxwstate`), and the vocabulary's own. */
function compounds(term: string, n: number, spell: (i: number) => string = (i) => `w${i.toString(36)}${term}x${(i * 7).toString(36)}`): string[] {
  return Array.from({ length: n }, (_, i) => spell(i));
}

beforeAll(() => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-vocabulary-reader-'));
  const search = openSearchDb(root);
  const insert = search.prepare('INSERT INTO words (word, reversed) VALUES (?, ?)');
  const trigrams = search.prepare('INSERT INTO words_fts (rowid, word) VALUES (?, ?)');
  // A few forms; just past the expansion; past twice it (counted, not read); and a term whose
  // trigrams many other words hold apart (`qab…` + `…abv`: both trigrams of `qabv`, not the term).
  lists.set('qzyx', compounds('qzyx', 300));
  lists.set('kvjq', compounds('kvjq', MAX_EXPANSION + 40));
  lists.set('jxqw', compounds('jxqw', 2 * MAX_EXPANSION + 200));
  lists.set('qabv', compounds('qabv', 400));
  const apart = compounds('', 2 * MAX_EXPANSION - 400 - 20, (i) => `qab${i}zabv`);
  search.transaction(() => {
    for (const word of [...[...lists.values()].flat(), ...apart]) {
      const added = insert.run(word, reversed(word));
      trigrams.run(added.lastInsertRowid, word);
    }
  })();
  search.close();
  db = new Database(':memory:');
  db.prepare('ATTACH DATABASE ? AS search').run(searchDbPath(root));
});

afterAll(() => db?.close());

describe('the words that hold a term', () => {
  it('are every word of the vocabulary holding it, up to the expansion', () => {
    const reader = new VocabularyReader(db);
    expect([...(reader.containing('qzyx') as string[])].sort()).toEqual([...lists.get('qzyx')!].sort());
  });

  it('are read past the words that hold its trigrams apart', () => {
    const reader = new VocabularyReader(db);
    expect([...(reader.containing('qabv') as string[])].sort()).toEqual([...lists.get('qabv')!].sort());
  });

  it('are too many past the expansion, whether read or counted', () => {
    const reader = new VocabularyReader(db);
    expect(reader.containing('kvjq')).toBe('many');
    expect(reader.containing('jxqw')).toBe('many');
  });
});
