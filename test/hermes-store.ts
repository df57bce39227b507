/**
 * A Hermes Agent `~/.hermes/state.db` for tests: the tables and columns of NousResearch/hermes-agent
 * `hermes_state_common.py` `SCHEMA_SQL` (schema 30, commit 00704d08, 2026) this reader uses, with
 * their declared types (main/core/providers/hermes/README.md). No real store is in the fixtures.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type HermesValues = Record<string, unknown>;

const SESSIONS = `CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT NOT NULL, session_key TEXT, display_name TEXT, model TEXT, model_config TEXT,
  system_prompt TEXT, system_prompt_hash TEXT, parent_session_id TEXT, started_at REAL NOT NULL, ended_at REAL, end_reason TEXT,
  message_count INTEGER DEFAULT 0, input_tokens INTEGER DEFAULT 0, output_tokens INTEGER DEFAULT 0, cache_read_tokens INTEGER DEFAULT 0,
  cache_write_tokens INTEGER DEFAULT 0, reasoning_tokens INTEGER DEFAULT 0, cwd TEXT, git_branch TEXT, title TEXT, title_source TEXT)`;
const MESSAGES = `CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id), role TEXT NOT NULL,
  content TEXT, tool_call_id TEXT, tool_calls TEXT, tool_name TEXT, timestamp REAL NOT NULL, token_count INTEGER, finish_reason TEXT,
  reasoning TEXT, reasoning_content TEXT, _compressed_summary INTEGER NOT NULL DEFAULT 0, active INTEGER NOT NULL DEFAULT 1,
  compacted INTEGER NOT NULL DEFAULT 0, display_kind TEXT)`;
const PROMPTS = 'CREATE TABLE system_prompts (hash TEXT PRIMARY KEY, prompt TEXT NOT NULL)';

/** Writes `<home>/.hermes/state.db` with these rows; `modern` false: the oldest schema (no system_prompts, fewer columns). */
export function writeHermesStore(home: string, sessions: HermesValues[], messages: HermesValues[], modern = true): string {
  const dir = path.join(home, '.hermes');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'state.db');
  const db = new Database(file);
  if (modern) db.exec(`${SESSIONS}; ${MESSAGES}; ${PROMPTS}; INSERT INTO system_prompts VALUES ('h1', 'You are Hermes.')`);
  else db.exec('CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT NOT NULL, model TEXT, started_at REAL NOT NULL, title TEXT); CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, role TEXT NOT NULL, content TEXT, tool_call_id TEXT, tool_calls TEXT, tool_name TEXT, timestamp REAL NOT NULL)');
  const insert = (table: string, v: HermesValues) => db.prepare(`INSERT INTO ${table} (${Object.keys(v).join(', ')}) VALUES (${Object.keys(v).map((k) => `@${k}`).join(', ')})`).run(v);
  for (const s of sessions) insert('sessions', s);
  for (const m of messages) insert('messages', m);
  db.close();
  return file;
}

/** The sessions of `writeCompressionChain`: one ended by compression, its delegated subagent, and the session it went on in. */
export const CHAIN = { before: '20260630_081955_a1b2c3', delegate: '20260630_082100_d4e5f6', after: '20260630_090000_0a0b0c', t0: 1782807595 /* 2026-06-30T08:19:55Z */ } as const;
export const CHAIN_MODEL = 'anthropic/claude-sonnet-4.5';
export const CHAIN_CWD = '/home/me/work/demo-app';

/** A Hermes store whose session went on after a compression (CHAIN), with token counts; the relation tests read it. */
export function writeCompressionChain(home: string): string {
  const { before, delegate, after, t0 } = CHAIN;
  return writeHermesStore(
    home,
    [
      { id: before, source: 'cli', model: CHAIN_MODEL, started_at: t0, ended_at: t0 + 600, end_reason: 'compression', cwd: CHAIN_CWD, title: 'Fix the failing build', input_tokens: 1000, output_tokens: 100 },
      { id: delegate, source: 'tool', model: CHAIN_MODEL, model_config: JSON.stringify({ _delegate_from: before }), parent_session_id: before, started_at: t0 + 65, cwd: CHAIN_CWD, input_tokens: 200, output_tokens: 20 },
      { id: after, source: 'cli', model: CHAIN_MODEL, parent_session_id: before, started_at: t0 + 600, cwd: CHAIN_CWD, title: 'Fix the failing build #2', input_tokens: 30, output_tokens: 3 },
    ],
    [
      { session_id: before, role: 'user', content: 'Why does the build fail?', timestamp: t0 + 1 },
      { session_id: before, role: 'assistant', content: 'A missing semicolon.', timestamp: t0 + 2 },
      { session_id: delegate, role: 'user', content: 'Run the tests', timestamp: t0 + 66 },
      { session_id: delegate, role: 'assistant', content: 'Tests pass.', timestamp: t0 + 69 },
      { session_id: after, role: 'user', content: '[CONTEXT SUMMARY] The build failed on a missing semicolon.', _compressed_summary: 1, timestamp: t0 + 600 },
      { session_id: after, role: 'user', content: 'thanks', timestamp: t0 + 601 },
    ],
  );
}
