import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { migration001 } from './001-initial';
import { migration002 } from './002-search-moves-out';

describe('migration 002 (search moves out)', () => {
  it('keeps every conversation, gives each a first revision, and drops the in-index FTS table', () => {
    const db = new Database(':memory:');
    migrate(db, [migration001]);
    db.prepare(
      `INSERT INTO conversations (id, agent, native_id, workspace, instance, source_path, blob_path, archived_at, message_count, prompt_count)
       VALUES ('codex_x', 'codex', 'x', 'proj', 'host', '/s.jsonl', 'proj/host/codex/codex_x.pb', '2026-01-01', 5, 2)`,
    ).run();
    db.prepare("INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (1, 'hello', 0, 'user', 'message')").run();

    expect(migrate(db, [migration001, migration002])).toEqual([2]);
    const row = db.prepare('SELECT id, message_count, prompt_count, revision FROM conversations').get();
    expect(row).toEqual({ id: 'codex_x', message_count: 5, prompt_count: 2, revision: 1 });
    const fts = db.prepare("SELECT name FROM sqlite_master WHERE name = 'message_fts'").get();
    expect(fts).toBeUndefined();
  });
});
