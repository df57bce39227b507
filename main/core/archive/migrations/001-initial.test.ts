import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, MigrationError, schemaVersion } from '../migrate';
import { migration001 } from './001-initial';

describe('migration 001 (initial)', () => {
  it('creates the conversation, cursor and trigram full-text tables from an empty database', () => {
    const db = new Database(':memory:');
    expect(schemaVersion(db)).toBe(0);
    expect(migrate(db, [migration001])).toEqual([1]);
    expect(schemaVersion(db)).toBe(1);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table')").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['conversations', 'sources', 'message_fts', 'schema_migrations']));
    // The trigram tokenizer finds substrings and CJK runs of three or more characters.
    const insert = db.prepare('INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, ?, 0, ?, ?)');
    insert.run(1, '请帮我重构这个函数 and rename parseConfigFile', 'user', 'message');
    const match = (q: string) => (db.prepare('SELECT rowid FROM message_fts WHERE message_fts MATCH ?').all(q) as { rowid: number }[]).length;
    expect(match('"重构这个"')).toBe(1);
    expect(match('"ConfigF"')).toBe(1);
    expect(match('"absent-term"')).toBe(0);
  });

  it('is not applied twice and refuses an edited migration', () => {
    const db = new Database(':memory:');
    migrate(db, [migration001]);
    expect(migrate(db, [migration001])).toEqual([]);
    expect(() => migrate(db, [{ ...migration001, sql: `${migration001.sql} -- edited` }])).toThrow(MigrationError);
  });

  it('refuses an archive written by a newer schema', () => {
    const db = new Database(':memory:');
    migrate(db, [migration001]);
    db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', 'x', 'now')").run();
    expect(() => migrate(db, [migration001])).toThrow(/newer/);
  });
});
