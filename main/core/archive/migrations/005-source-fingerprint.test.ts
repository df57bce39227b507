import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { migration001 } from './001-initial';
import { migration002 } from './002-search-moves-out';
import { migration003 } from './003-retention';
import { migration004 } from './004-blob-names';
import { migration005 } from './005-source-fingerprint';

describe('migration 004 (source fingerprint)', () => {
  it('keeps every cursor and conversation, with no fingerprint and no rewrite yet', () => {
    const db = new Database(':memory:');
    const before = [migration001, migration002, migration003, migration004];
    migrate(db, before, mkdtempSync(path.join(os.tmpdir(), 'dejavu-m005-')));
    db.prepare(
      `INSERT INTO conversations (id, agent, native_id, workspace, instance, source_path, blob_path, archived_at, message_count, prompt_count)
       VALUES ('codex_x', 'codex', 'x', 'proj', 'host', '/s.jsonl', 'proj/host/codex/codex_x.pb', '2026-01-01', 5, 2)`,
    ).run();
    db.prepare(
      `INSERT INTO sources (path, agent, instance, size, mtime_ms, read_offset, conversation_ids, synced_at)
       VALUES ('/s.jsonl', 'codex', 'host', 100, 1, 100, '["codex_x"]', '2026-01-01')`,
    ).run();

    expect(migrate(db, [...before, migration005])).toEqual([5]);
    expect(db.prepare('SELECT path, read_offset, fingerprint FROM sources').get()).toEqual({ path: '/s.jsonl', read_offset: 100, fingerprint: null });
    expect(db.prepare('SELECT id, message_count, rewrite_count FROM conversations').get()).toEqual({ id: 'codex_x', message_count: 5, rewrite_count: 0 });
  });
});
