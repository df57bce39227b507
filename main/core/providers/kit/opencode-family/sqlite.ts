/**
 * Reads OpenCode's SQLite store (`<data>/opencode.db`, from OpenCode 1.2; schema in
 * anomalyco/opencode packages/opencode/src/session/session.sql.ts): tables `session` (one row
 * per session, columns), `message` (`data` = message info JSON without id/sessionID) and `part`
 * (`data` = part JSON without id/sessionID/messageID). Opened read-only, closed before return.
 * One database holds every session: each becomes its own conversation, roots first.
 */
import Database from 'better-sqlite3';
import type { ParseWarning } from '../../../../../shared/record';
import { isObject, obj, shortError, str, type Json } from '../json';
import type { OcMessage, OcSession, Raw } from './source';
import { parseJson } from '../parse-json';
import { readV2Sessions, v2SessionTable } from './sqlite-v2';
import { sessionInfo } from './session-row';

interface SessionRow {
  readonly [column: string]: unknown;
}

interface DataRow {
  readonly id: string;
  readonly owner: string;
  readonly time_created?: number;
  readonly data: string;
}

export function readDatabase(file: string): { sessions: OcSession[]; error?: string } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { sessions: [], error: `Cannot open OpenCode database read-only: ${shortError(error)}` };
  }
  try {
    return { sessions: readAll(db) };
  } catch (error) {
    return { sessions: [], error: `Cannot read OpenCode database: ${shortError(error)}` };
  } finally {
    db.close();
  }
}

function readAll(db: Database.Database): OcSession[] {
  // OpenCode 2 writes its own tables; a fresh 2.x store has no v1 ones, and a 2.0 beta's keeps its
  // sessions in a `session` table of its own shape (sqlite-v2.ts).
  const v2 = v2SessionTable(db);
  const hasV1 = v2 !== 'session' && (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'session'").pluck().get() as number) > 0;
  const v1 = hasV1 || !v2 ? readV1(db) : [];
  const sessions = v2 ? [...v1, ...withV2(db, v1, v2)] : v1;
  // Main sessions first, then the subagent sessions they started.
  return [...sessions.filter((s) => !s.info.parentID), ...sessions.filter((s) => s.info.parentID)];
}

/**
 * OpenCode 2's sessions, and the messages 2.x added to the v1 sessions (appended to them). A v2
 * table it cannot read leaves the v1 sessions as they were, with a warning on the first.
 */
function withV2(db: Database.Database, v1: OcSession[], table: 'session_v2' | 'session'): OcSession[] {
  try {
    const ids = new Map(v1.map((s) => [String(s.info.id), new Set(s.messages.map((m) => String(m.info.data.id)))]));
    const { sessions, later } = readV2Sessions(db, ids, table);
    for (const s of v1) s.messages.push(...(later.get(String(s.info.id)) ?? []));
    return sessions;
  } catch (error) {
    v1[0]?.warnings.push({ message: `OpenCode 2's tables could not be read (${shortError(error)}); only the 1.x sessions were` });
    return [];
  }
}

function readV1(db: Database.Database): OcSession[] {
  const rows = db.prepare('SELECT * FROM session ORDER BY time_created, id').all() as SessionRow[];
  const messagesOf = db.prepare('SELECT id, session_id AS owner, time_created, data FROM message WHERE session_id = ? ORDER BY time_created, id');
  const partsOf = db.prepare('SELECT id, message_id AS owner, data FROM part WHERE session_id = ? ORDER BY message_id, id');
  const sessions: OcSession[] = [];
  const taskCalls = new Map<string, string>();
  for (const row of rows) {
    const info = sessionInfo(row);
    const id = String(row.id);
    const warnings: ParseWarning[] = [];
    const parts = new Map<string, Raw[]>();
    for (const p of partsOf.all(id) as DataRow[]) {
      const raw = record(p, 'message_id', warnings);
      if (!raw) continue;
      const list = parts.get(p.owner);
      if (list) list.push(raw);
      else parts.set(p.owner, [raw]);
      noteTaskCall(raw.data, taskCalls);
    }
    const messages: OcMessage[] = [];
    for (const m of messagesOf.all(id) as DataRow[]) {
      const raw = record(m, 'session_id', warnings);
      if (raw) messages.push({ info: raw, parts: parts.get(m.id) ?? [] });
    }
    sessions.push({ info, messages, warnings });
  }
  for (const s of sessions) {
    const call = taskCalls.get(String(s.info.id));
    if (call) s.parentToolCallId = call;
  }
  return sessions;
}

/** A row's JSON with its id put back; `raw` keeps the stored column text verbatim. */
function record(row: DataRow, ownerColumn: string, warnings: ParseWarning[]): Raw | undefined {
  let data: unknown;
  try {
    data = parseJson(row.data, (note) => warnings.push({ message: `Row ${row.id}: ${note}` }));
  } catch (error) {
    warnings.push({ message: `Row ${row.id}: unreadable data JSON; skipped (${shortError(error)})` });
    return undefined;
  }
  if (!isObject(data)) {
    warnings.push({ message: `Row ${row.id}: data is not a JSON object; skipped` });
    return undefined;
  }
  const raw = `{"id":${JSON.stringify(row.id)},${JSON.stringify(ownerColumn)}:${JSON.stringify(row.owner)},"data":${row.data}}`;
  return { data: { ...data, id: row.id }, raw };
}

/** The `task` tool records the child session it started in `state.metadata.sessionId`. */
function noteTaskCall(part: Json, taskCalls: Map<string, string>): void {
  if (part.type !== 'tool') return;
  const child = str(obj(obj(part.state)?.metadata)?.sessionId);
  const call = str(part.callID);
  if (child && call) taskCalls.set(child, call);
}
