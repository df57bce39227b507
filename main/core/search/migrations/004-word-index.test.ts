import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../archive/migrate';
import { rowidOf } from '../row-keys';
import { searchMigration001 } from './001-message-fts';
import { searchMigration002 } from './002-recency-rows';
import { searchMigration003 } from './003-packed-rowids';
import { searchMigration004 } from './004-word-index';

describe('search migration 004 (word-index)', () => {
  it('empties a version-3 (trigram) index, so the next catch-up rebuilds it from the blobs, into a contentless word index with texts and a vocabulary', () => {
    const db = new Database(':memory:');
    migrate(db, [searchMigration001, searchMigration002, searchMigration003]);
    const old = rowidOf(7 * 2 ** 24, 0, 'message', 'user');
    db.prepare("INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, 'old trigram row', 0, 'user', 'message')").run(old);
    db.prepare("INSERT INTO cjk_fts (rowid, bigrams) VALUES (?, '重构')").run(old);
    db.prepare("INSERT INTO indexed (seq, conversation_id, revision, row_count, row_key) VALUES (1, 'codex_x', 3, 1, 7)").run();
    expect(migrate(db, [searchMigration001, searchMigration002, searchMigration003, searchMigration004])).toEqual([4]);
    for (const table of ['message_fts', 'message_text', 'cjk_fts', 'indexed', 'words']) expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0);
    // Words, not trigrams: a whole word matches, a piece of one does not (the vocabulary expands it).
    db.prepare('INSERT INTO message_fts (rowid, text) VALUES (?, ?)').run(old, 'run pytest on cli/hooks_claudecode');
    const match = (q: string) => db.prepare('SELECT rowid FROM message_fts WHERE message_fts MATCH ?').pluck().all(q);
    expect(match('"pytest"')).toEqual([old]);
    expect(match('"test"')).toEqual([]);
    expect(match('"cli hooks"')).toEqual([old]);
    // Contentless: the text is message_text's, and a row is deleted by its rowid.
    expect(db.prepare('SELECT text FROM message_fts WHERE rowid = ?').pluck().get(old)).toBeNull();
    db.prepare('DELETE FROM message_fts WHERE rowid = ?').run(old);
    expect(match('"pytest"')).toEqual([]);
    // The vocabulary's trigrams find the words holding a piece.
    db.prepare("INSERT INTO words (id, word, reversed) VALUES (1, 'pytest', 'tsetyp')").run();
    db.prepare("INSERT INTO words_fts (rowid, word) VALUES (1, 'pytest')").run();
    expect(db.prepare('SELECT word FROM words_fts WHERE words_fts MATCH ?').pluck().all('"tes" AND "est"')).toEqual(['pytest']);
  });
});
