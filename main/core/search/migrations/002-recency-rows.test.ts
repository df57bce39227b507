import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../archive/migrate';
import { searchMigration001 } from './001-message-fts';
import { searchMigration002 } from './002-recency-rows';

describe('search migration 002 (recency-rows)', () => {
  it('empties a version-1 index, so the next catch-up rebuilds it from the blobs, and adds the CJK bigram index', () => {
    const db = new Database(':memory:');
    migrate(db, [searchMigration001]);
    db.prepare("INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (16777216, 'old row', 0, 'user', 'message')").run();
    db.prepare("INSERT INTO indexed (seq, conversation_id, revision, row_count) VALUES (1, 'codex_x', 3, 1)").run();
    expect(migrate(db, [searchMigration001, searchMigration002])).toEqual([2]);
    expect(db.prepare('SELECT count(*) FROM message_fts').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM indexed').pluck().get()).toBe(0);
    db.prepare("INSERT INTO cjk_fts (rowid, bigrams) VALUES (7, '重构 构这')").run();
    expect(db.prepare("SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH '\"重构\"'").pluck().all()).toEqual([7]);
    db.prepare('DELETE FROM cjk_fts WHERE rowid = 7').run();
    expect(db.prepare("SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH '\"重构\"'").pluck().all()).toEqual([]);
  });
});
