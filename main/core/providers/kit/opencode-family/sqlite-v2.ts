/**
 * OpenCode 2's tables in `opencode.db`: `session_v2` (one row per session) and `session_message`
 * (`id, session_id, type, seq, time_created, time_updated, data`: one row per message, in `seq`
 * order). A fresh 2.x store has no `session`/`message`/`part` tables at all, and an upgraded one
 * keeps them frozen beside the new ones. Shapes (packages/core/src/session/sql.ts and message.ts,
 * 2.0 betas onward, read from the stored source; no real 2.x store was found): `type` user
 * `{text, files, agents}`, assistant `{agent, model, content: [text | reasoning | tool {id, name,
 * state {status, input, content | result | output, error}}], tokens?, error?}`, shell `{callID,
 * command, output}` (2.0.15: `output: {output}`), compaction `{reason, summary}`, idle `{outcome}`
 * (a turn's end), and system / synthetic / model-switched / agent-switched notes. Each row is turned into the v1 shape build.ts reads (its info and parts),
 * its row kept verbatim as the native record; a shape not known here is kept as a generic part.
 */
import type Database from 'better-sqlite3';
import type { ParseWarning } from '../../../../../shared/record';
import { arr, isObject, obj, shortError, str, type Json } from '../json';
import { parseJson } from '../parse-json';
import type { OcMessage, OcSession, Raw } from './source';
import { sessionInfo } from './session-row';

interface V2Row {
  readonly id: string;
  readonly type: string;
  readonly time_created?: number;
  readonly data: string;
}

/**
 * OpenCode 2's session table in this store, when it has OpenCode 2's tables: `session_v2`, or in
 * a 2.0 beta's `opencode-next.db` `session` itself, beside `session_message` and no v1 `message`
 * table (migration 20260804233008_loose_psylocke renamed it; V1Migration's isNextDatabase reads the
 * old layout still).
 */
export function v2SessionTable(db: Database.Database): 'session_v2' | 'session' | undefined {
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  if (!tables.has('session_message')) return undefined;
  if (tables.has('session_v2')) return 'session_v2';
  return tables.has('session') && !tables.has('message') ? 'session' : undefined;
}

export interface V2Read {
  /** Sessions only OpenCode 2's tables hold. */
  readonly sessions: OcSession[];
  /** For a session the v1 tables hold too (a 1.x session continued in 2.x): its messages they do not. */
  readonly later: Map<string, OcMessage[]>;
}

/**
 * OpenCode 2's sessions and messages. A session the v1 tables hold is read there (what an
 * upgraded store's archive already has); the rows 2.x added to it (ids `v1Ids` lacks) come after.
 * Columns are looked up, not assumed: an order column missing is the table's own order.
 */
export function readV2Sessions(db: Database.Database, v1Ids: ReadonlyMap<string, ReadonlySet<string>>, table: 'session_v2' | 'session' = 'session_v2'): V2Read {
  const order = (name: string, column: string) => ((db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[]).some((c) => c.name === column) ? `${column}, id` : 'rowid');
  const rows = db.prepare(`SELECT * FROM ${table} ORDER BY ${order(table, 'time_created')}`).all() as Record<string, unknown>[];
  const messagesOf = db.prepare(`SELECT * FROM session_message WHERE session_id = ? ORDER BY ${order('session_message', 'seq')}`);
  const sessions: OcSession[] = [];
  const later = new Map<string, OcMessage[]>();
  for (const row of rows) {
    const id = String(row.id);
    const inV1 = v1Ids.get(id);
    const warnings: ParseWarning[] = [];
    const messages: OcMessage[] = [];
    let previous: V2Row | undefined;
    for (const m of messagesOf.all(id) as V2Row[]) {
      const after = previous;
      previous = m;
      if (inV1?.has(String(m.id))) continue;
      if (inV1 && after && importedSplit(m, after, inV1)) continue;
      const data = rowData(m, warnings);
      if (data) messages.push(...messagesOfRow(m, data));
    }
    if (inV1) later.set(id, messages);
    else sessions.push({ info: sessionInfo(row), messages, warnings });
  }
  return { sessions, later };
}

/**
 * OpenCode 2.0.7 and later copy each 1.x session into their own tables (V1Migration in
 * packages/core/src/database/v1-migration.bun.ts): a prompt keeps its id, and the text OpenCode
 * injected into it (the contents of an @-mentioned file) becomes a `synthetic` row of its own,
 * right after it, under an id made from the prompt's (its first 16 characters, then a hash). The
 * v1 tables hold that text already, with the prompt: a second copy at the end would repeat it.
 */
function importedSplit(row: V2Row, before: V2Row, v1Ids: ReadonlySet<string>): boolean {
  return row.type === 'synthetic' && before.type === 'user' && v1Ids.has(String(before.id)) && String(row.id).slice(0, 16) === String(before.id).slice(0, 16);
}

function rowData(row: V2Row, warnings: ParseWarning[]): Json | undefined {
  try {
    const data = parseJson(row.data, (note) => warnings.push({ message: `Row ${row.id}: ${note}` }));
    if (isObject(data)) return data;
    warnings.push({ message: `Row ${row.id}: data is not a JSON object; skipped` });
  } catch (error) {
    warnings.push({ message: `Row ${row.id}: unreadable data JSON; skipped (${shortError(error)})` });
  }
  return undefined;
}

/** One v2 row as the v1 messages build.ts reads; `raw` keeps the row as stored. */
function messagesOfRow(row: V2Row, data: Json): OcMessage[] {
  const raw = `{"id":${JSON.stringify(row.id)},"type":${JSON.stringify(row.type)},"data":${row.data}}`;
  const time = { created: row.time_created ?? obj(data.time)?.created };
  const part = (d: Json): Raw => ({ data: d, raw });
  const user = (parts: Json[]): OcMessage => ({ info: { data: { id: row.id, role: 'user', time }, raw }, parts: parts.map(part) });
  switch (row.type) {
    case 'user':
      return [user([...textOf(data).map((text) => ({ type: 'text', text })), ...arr(data.files).filter(isObject).map(attachment), ...arr(data.agents).filter(isObject).map((a) => ({ type: 'agent', ...a }))])];
    case 'assistant': {
      const model = obj(data.model);
      const info: Json = { id: row.id, role: 'assistant', time, modelID: str(model?.id) ?? str(data.model), providerID: str(model?.providerID), tokens: data.tokens, error: data.error };
      return [{ info: { data: info, raw }, parts: arr(data.content).filter(isObject).map((c) => part(assistantPart(c))) }];
    }
    case 'shell':
      // The command the person ran (`!…`), then what it printed (2.0.15: `output: {output}`).
      return [user([{ type: 'text', text: `!${str(data.command) ?? ''}` }, { type: 'text', synthetic: true, text: str(data.output) ?? str(obj(data.output)?.output) ?? '' }])];
    case 'idle':
      // The end of a turn (`{outcome}`): nothing said; its row stays as native.
      return [user([])];
    case 'compaction':
      return [user([{ type: 'compaction', auto: str(data.reason) === 'auto' }, ...textOf({ text: data.summary }).map((text) => ({ type: 'text', synthetic: true, text }))])];
    case 'system':
    case 'synthetic':
      return [user(textOf(data).map((text) => ({ type: 'text', synthetic: true, text })))];
    default:
      // A switch of model, agent or place, or a type not known here: kept as a generic part (build.ts names it).
      return [user([{ ...data, type: row.type }])];
  }
}

/** v2 content parts in v1's names: a tool's result is `state.output` there. */
function assistantPart(c: Json): Json {
  if (c.type !== 'tool') return c;
  const state = obj(c.state) ?? {};
  const output = state.output ?? state.content ?? state.result;
  // Files a tool returned (an image the read tool opened) are content entries beside its text.
  const files = Array.isArray(output) ? output.filter((o) => isObject(o) && o.type === 'file').map((o) => attachment(o as Json)) : [];
  return {
    type: 'tool',
    callID: str(c.id) ?? str(c.callID),
    tool: str(c.name) ?? str(c.tool),
    state: { ...state, output: Array.isArray(output) ? textOf({ content: output }).join('\n') : output, ...(files.length ? { attachments: files } : {}) },
  };
}

/**
 * A 2.x file (an attachment to a prompt: `{data: base64, mime, name, source}`, or a reference
 * `{uri, mime, name}`) as the v1 `file` part parts.ts reads (`url`, `filename`): its bytes a data URL.
 */
function attachment(f: Json): Json {
  const data = str(f.data);
  const url = str(f.url) ?? (data ? `data:${str(f.mime) ?? 'application/octet-stream'};base64,${data}` : str(f.uri));
  return { ...f, type: 'file', url, filename: str(f.filename) ?? str(f.name) };
}

/** The text of a message's data: `text`, or the text parts of `content`. */
function textOf(data: Json): string[] {
  if (typeof data.text === 'string') return data.text.trim() ? [data.text] : [];
  if (typeof data.content === 'string') return data.content.trim() ? [data.content] : [];
  return arr(data.content)
    .filter(isObject)
    .flatMap((p) => (p.type === 'text' && typeof p.text === 'string' && p.text.trim() ? [p.text] : []));
}
