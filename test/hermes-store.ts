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
