import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { migration001 } from './001-initial';
import { migration002 } from './002-search-moves-out';
import { migration003 } from './003-retention';

describe('migration 003 (retention)', () => {
  it('keeps every conversation un-evicted and unpinned, and adds digests, settings and the ledger', () => {
    const db = new Database(':memory:');
    migrate(db, [migration001, migration002]);
    db.prepare(
      `INSERT INTO conversations (id, agent, native_id, workspace, instance, source_path, blob_path, archived_at, message_count, prompt_count, revision)
       VALUES ('codex_x', 'codex', 'x', 'proj', 'host', '/s.jsonl', 'proj/host/codex/codex_x.pb', '2026-01-01', 5, 2, 4)`,
    ).run();

    expect(migrate(db, [migration001, migration002, migration003])).toEqual([3]);
    const row = db.prepare('SELECT id, prompt_count, revision, retention_stage, retention_revision, pinned FROM conversations').get();
    expect(row).toEqual({ id: 'codex_x', prompt_count: 2, revision: 4, retention_stage: 0, retention_revision: null, pinned: 0 });
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['digests', 'settings', 'retention_ledger']));
    db.prepare("INSERT INTO digests VALUES ('codex_x', 1, 4, '2026-01-02', 'success', 10, '{}')").run();
    db.prepare("INSERT INTO retention_ledger (run_id, at, conversation_id, action, reason, status) VALUES ('r', 'now', 'codex_x', 'stage-1', 'soft-cap', 'intent')").run();
    expect(db.prepare('SELECT bytes_before, bytes_after FROM retention_ledger').get()).toEqual({ bytes_before: 0, bytes_after: 0 });
  });
});
