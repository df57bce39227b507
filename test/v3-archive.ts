/**
 * An archive as schema 3 left it: blob files named by ids cut to 100 bytes, so two long ids
 * that share their first 100 bytes share one file (the last one stored wins). Built by hand,
 * with the old names written out here, for the tests of migration 004 (blob names).
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { writeBlob } from '../main/core/archive/blob-store';
import { INDEX_FILE } from '../main/core/archive/paths';
import { migrate } from '../main/core/archive/migrate';
import { migration001 } from '../main/core/archive/migrations/001-initial';
import { migration002 } from '../main/core/archive/migrations/002-search-moves-out';
import { migration003 } from '../main/core/archive/migrations/003-retention';
import { rowValues } from '../main/core/archive/rows';
import type { Conversation } from '../shared/record';

const SHARED = `codex_${'7'.repeat(94)}`; // 100 bytes

/** The conversations of the seeded archive, by their part in the story. */
export const V3 = {
  /** Long ids, one file: `loserA` was stored first, then `ownerB` overwrote the file. */
  loserA: `${SHARED}aa`,
  ownerB: `${SHARED}bb`,
  /** A short id: its name does not change. */
  plain: 'codex_plain',
  /** A long id evicted to stage 1 (`.r1.pb`). */
  staged: `codex_${'5'.repeat(96)}`,
  /** `codex_e.` lost its trailing dot to the old sanitizer: it shared `codex_e.pb` with `codex_e`, and was stored last. */
  ownerDot: 'codex_e.',
  loserPlain: 'codex_e',
  /** A long id whose blob retention dropped (stage 3): no file. */
  lost: `codex_${'3'.repeat(96)}`,
} as const;

/** The blob paths schema 3 gave them. */
export const V3_PATHS: Record<keyof typeof V3, string> = {
  loserA: `proj/host/codex/${SHARED}.pb`,
  ownerB: `proj/host/codex/${SHARED}.pb`,
  plain: 'proj/host/codex/codex_plain.pb',
  staged: `proj/host/codex/${V3.staged.slice(0, 100)}.r1.pb`,
  ownerDot: 'proj/host/codex/codex_e.pb',
  loserPlain: 'proj/host/codex/codex_e.pb',
  lost: `proj/host/codex/${V3.lost.slice(0, 100)}.pb`,
};

export function sourceOf(id: string): string {
  return `/sessions/${id.length}-${id.slice(-4)}.jsonl`;
}

export function v3Conversation(id: string): Conversation {
  const source = sourceOf(id);
  return {
    id,
    agent: 'codex',
    nativeId: id.slice('codex_'.length),
    workspace: 'proj',
    instance: 'host',
    models: [],
    sourcePath: source,
    sources: [source],
    warnings: [],
    messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', content: `the prompt of ${id}` }], source: 0 }],
  };
}

/** Write the schema-3 archive into `root` (an empty folder). */
export function seedV3Archive(root: string): void {
  const db = new Database(path.join(root, INDEX_FILE));
  try {
    migrate(db, [migration001, migration002, migration003]);
    const insert = db.prepare(`
      INSERT INTO conversations (id, agent, native_id, workspace, instance, cwd, git_branch, title, started_at, ended_at,
        models, usage, parent_id, parent_tool_call_id, agent_version, source_path, sources, source_deleted,
        warning_count, message_count, prompt_count, blob_path, blob_bytes, archived_at)
      VALUES (@id, @agent, @native_id, @workspace, @instance, @cwd, @git_branch, @title, @started_at, @ended_at,
        @models, @usage, @parent_id, @parent_tool_call_id, @agent_version, @source_path, @sources, @source_deleted,
        @warning_count, @message_count, @prompt_count, @blob_path, @blob_bytes, @archived_at)`);
    const cursor = db.prepare(
      "INSERT INTO sources (path, agent, instance, size, mtime_ms, read_offset, conversation_ids, synced_at) VALUES (?, 'codex', 'host', 1234, 5678, 1234, ?, '2026-01-01')",
    );
    // In the order they were stored: the later of two sharing a file wrote it last.
    for (const key of ['loserA', 'ownerB', 'plain', 'staged', 'loserPlain', 'ownerDot', 'lost'] as const) {
      const c = v3Conversation(V3[key]);
      const bytes = key === 'lost' ? 0 : writeBlob(root, V3_PATHS[key], c);
      insert.run(rowValues(c, V3_PATHS[key], bytes, false));
      cursor.run(c.sourcePath, JSON.stringify([c.id]));
    }
    db.prepare('UPDATE conversations SET retention_stage = 1, retention_revision = revision WHERE id = ?').run(V3.staged);
    db.prepare('UPDATE conversations SET retention_stage = 3, retention_revision = revision WHERE id = ?').run(V3.lost);
  } finally {
    db.close();
  }
}
