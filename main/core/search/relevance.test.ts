/**
 * A ranked walk reads each candidate's length in tokens from FTS5's docsize record in SQL
 * (docsizeTokens), as the integer FTS5 wrote there, for every size a varint can take.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { docsizeTokens } from './relevance';

describe("a row's length from its docsize record", () => {
  it('is the number of words FTS5 counted, for one- to three-byte varints, contentless with deletes as search.db is', () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61', content = '', contentless_delete = 1)");
    // 127 and 128 straddle the first byte; 16,383 and 16,384 the second.
    const lengths = [0, 1, 5, 127, 128, 300, 16_383, 16_384, 40_000];
    for (const [i, n] of lengths.entries()) db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)').run(i + 1, Array.from({ length: n }, (_, w) => `w${w % 50}`).join(' '));
    const read = db.prepare(`SELECT ${docsizeTokens('sz')} FROM t_docsize ORDER BY id`).pluck().all();
    expect(read).toEqual(lengths);
    db.close();
  });
});
