/**
 * Reads Hermes Agent's `state.db` (hermes_state_common.py `SCHEMA_SQL`, schema 30; older stores
 * have fewer columns, so rows are read with `SELECT *` and every column is optional):
 * `sessions` (id, source, model, model_config, title, parent_session_id, started_at, ended_at,
 * end_reason, cwd, git_branch, token counts, system_prompt / system_prompt_hash) and `messages`
 * (id, session_id, role, content, tool_call_id, tool_calls, tool_name, timestamp, reasoning,
 * reasoning_content, _compressed_summary, active, compacted, display_kind), plus the shared
 * `system_prompts` table. Opened read-only, closed before return.
 */
import Database from 'better-sqlite3';
import { shortError } from '../kit/json';

export type Row = Readonly<Record<string, unknown>>;

export interface HermesSession {
  readonly row: Row;
  readonly messages: Row[];
  readonly systemPrompt?: string;
}

export function readHermesStore(file: string): { sessions: HermesSession[]; error?: string } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { sessions: [], error: `Cannot open Hermes state.db read-only: ${shortError(error)}` };
  }
  try {
    const has = (table: string) => !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
    const rows = db.prepare('SELECT * FROM sessions ORDER BY started_at, id').all() as Row[];
    const messagesOf = db.prepare('SELECT * FROM messages WHERE session_id = ? ORDER BY timestamp, id');
    const promptOf = has('system_prompts') ? db.prepare('SELECT prompt FROM system_prompts WHERE hash = ?') : undefined;
    const sessions = rows.map((row) => {
      const hash = typeof row.system_prompt_hash === 'string' ? row.system_prompt_hash : undefined;
      const stored = hash && promptOf ? (promptOf.get(hash) as { prompt?: unknown } | undefined)?.prompt : undefined;
      const prompt = typeof stored === 'string' ? stored : typeof row.system_prompt === 'string' ? row.system_prompt : undefined;
      return { row, messages: messagesOf.all(String(row.id)) as Row[], systemPrompt: prompt };
    });
    return { sessions };
  } catch (error) {
    return { sessions: [], error: `Cannot read Hermes state.db: ${shortError(error)}` };
  } finally {
    db.close();
  }
}
