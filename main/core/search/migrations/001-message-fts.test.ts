import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../archive/migrate';
import { searchMigration001 } from './001-message-fts';

describe('search migration 001 (message-fts)', () => {
  it('creates a trigram index that finds substrings, CJK and identifiers, and the indexed-revision table', () => {
    const db = new Database(':memory:');
    expect(migrate(db, [searchMigration001])).toEqual([1]);
    const insert = db.prepare('INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, ?, 0, ?, ?)');
    insert.run(1 << 24, '请帮我重构这个函数 then run src/archive/blob-store.ts', 'user', 'message');
    insert.run((2 << 24) + 1, 'commit 9f3ab12c done', 'tool', 'tool_output');
    const match = (q: string) => (db.prepare('SELECT rowid FROM message_fts WHERE message_fts MATCH ?').all(q) as { rowid: number }[]).map((r) => r.rowid);
    expect(match('"重构这个"')).toEqual([1 << 24]);
    expect(match('"blob-store"')).toEqual([1 << 24]);
    expect(match('"3ab12"')).toEqual([(2 << 24) + 1]);
    expect(match('"not there"')).toEqual([]);
    db.prepare("INSERT INTO indexed (seq, conversation_id, revision, row_count) VALUES (1, 'codex_x', 3, 1)").run();
    expect(db.prepare('SELECT revision FROM indexed WHERE seq = 1').get()).toEqual({ revision: 3 });
  });
});
