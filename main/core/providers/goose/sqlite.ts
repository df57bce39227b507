/**
 * Reads Goose's `sessions.db` (block/goose `crates/goose/src/session/session_manager.rs`, schema
 * v9): `sessions` (one row per session: `id`, `name` (older: `description`), `session_type`,
 * `working_dir`, `created_at`, `updated_at`, token counts, `provider_name`,
 * `model_config_json`, …) and `messages` (`id` autoincrement, `message_id`, `session_id`,
 * `role`, `content_json` = the message's content array, `created_timestamp` in seconds,
 * `metadata_json` = `{userVisible, agentVisible}`). Opened read-only, closed before return.
 */
import Database from 'better-sqlite3';
import type { ParseWarning } from '../../../../shared/record';
import { isObject, shortError, str, tryParse, type Json } from '../kit/json';
import { readStore } from '../kit/read-store';
import type { GooseMessage } from './content';

export interface GooseSession {
  readonly info: Json;
  readonly messages: GooseMessage[];
  readonly warnings: ParseWarning[];
}

export function readSessionsDb(file: string): { sessions: GooseSession[]; error?: string } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { sessions: [], error: `Cannot open Goose sessions.db read-only: ${shortError(error)}` };
  }
  try {
    const rows = db.prepare('SELECT * FROM sessions ORDER BY created_at, id').all() as Json[];
    const messagesOf = db.prepare('SELECT * FROM messages WHERE session_id = ? ORDER BY id');
    return {
      sessions: rows.map((info) => {
        const warnings: ParseWarning[] = [];
        const messages: GooseMessage[] = [];
        for (const row of messagesOf.all(String(info.id)) as Json[]) {
          const content = tryParse(str(row.content_json));
          if (!Array.isArray(content)) {
            warnings.push({ message: `Message row ${String(row.id)}: content_json is not a JSON array; skipped` });
            continue;
          }
          const metadata = tryParse(str(row.metadata_json));
          const { content_json: _c, metadata_json: _m, ...columns } = row;
          messages.push({
            id: str(row.message_id) ?? `row${String(row.id)}`,
            role: str(row.role) ?? '(none)',
            content,
            metadata: isObject(metadata) ? metadata : undefined,
            created: typeof row.created_timestamp === 'number' ? row.created_timestamp : undefined,
            native: JSON.stringify({ ...columns, content: content as unknown, metadata: metadata ?? null }),
          });
        }
        return { info, messages, warnings };
      }),
    };
  } catch (error) {
    return { sessions: [], error: `Cannot read Goose sessions.db: ${shortError(error)}` };
  } finally {
    db.close();
  }
}

/** The session ids a `sessions.db` holds (empty when it cannot be read), so `locate` skips their legacy `.jsonl` copies. */
export function sessionIdsIn(file: string): Set<string> {
  return readStore(file, (db) => new Set((db.prepare('SELECT id FROM sessions').all() as { id: unknown }[]).map((r) => String(r.id))), new Set<string>());
}
