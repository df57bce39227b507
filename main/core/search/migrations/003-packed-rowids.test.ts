import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../archive/migrate';
import { rowidOf } from '../row-keys';
import { searchMigration001 } from './001-message-fts';
import { searchMigration002 } from './002-recency-rows';
import { searchMigration003 } from './003-packed-rowids';

describe('search migration 003 (packed-rowids)', () => {
  it('empties a version-2 index (its rowids carry no scope or role), so the next catch-up rebuilds it from the blobs', () => {
    const db = new Database(':memory:');
    migrate(db, [searchMigration001, searchMigration002]);
    // A version-2 row: rowid = row_key << 20 + fragment, which the packed layout would misread.
    db.prepare("INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, 'old row', 0, 'user', 'tool_output')").run(7 * 2 ** 20);
    db.prepare("INSERT INTO cjk_fts (rowid, bigrams) VALUES (?, '重构')").run(7 * 2 ** 20);
    db.prepare("INSERT INTO indexed (seq, conversation_id, revision, row_count, row_key) VALUES (1, 'codex_x', 3, 1, 7)").run();
    expect(migrate(db, [searchMigration001, searchMigration002, searchMigration003])).toEqual([3]);
    for (const table of ['message_fts', 'cjk_fts', 'indexed']) expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0);
    // The new layout: scope and role read back from the rowid alone.
    const rowid = rowidOf(7 * 2 ** 24, 5, 'tool_output', 'tool');
    db.prepare("INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, 'new row', 5, 'tool', 'tool_output')").run(rowid);
    expect(db.prepare("SELECT (rowid >> 2) & 3 AS scope, rowid & 3 AS role FROM message_fts WHERE message_fts MATCH '\"new row\"'").get()).toEqual({ scope: 2, role: 2 });
  });
});
