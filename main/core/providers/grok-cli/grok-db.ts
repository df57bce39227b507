/**
 * The other Grok CLI (superagent-ai/grok-cli, from March 2026) keeps every session in one SQLite
 * database, `~/.grok/grok.db` (src/storage/db.ts, migrations.ts): `sessions (id, title, model,
 * mode, cwd_at_start, created_at, updated_at, …)` and `messages (session_id, seq, role,
 * message_json, created_at)`, each `message_json` an AI SDK `ModelMessage` (transcript.ts
 * appendMessages): `user` content a string or `[text | image | file]`; `assistant` `[text |
 * reasoning | tool-call {toolCallId, toolName, input}]`; `tool` `[tool-result {toolCallId,
 * toolName, output}]` (`output` `{type: text | json | error-text, value}`, json a `{success,
 * output, error}`); `system` a string (a notice). A compaction's summary is a `compactions` row
 * (`first_kept_seq`, `summary`); `usage_events` holds the tokens and models. No real database was
 * found: read after that source.
 */
import { readStore } from '../kit/read-store';
import type { Conversation, Message, Part, Usage } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import { arr, asText, isObject, isoFromText, num, obj, str, tryParse, type Json } from '../kit/json';
import type { ParseContext } from '../kit/provider';

export const GROK_DB = 'grok.db';

export function parseGrokDb(ctx: ParseContext): Conversation[] {
  return readStore(
    ctx.path,
    (db) => {
      const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
      if (!tables.has('sessions') || !tables.has('messages')) return [];
      const sessions = db.prepare('SELECT * FROM sessions ORDER BY created_at, id').all() as Json[];
      const messagesOf = db.prepare('SELECT seq, role, message_json, created_at FROM messages WHERE session_id = ? ORDER BY seq');
      const usageOf = tables.has('usage_events') ? db.prepare('SELECT SUM(input_tokens) AS input, SUM(output_tokens) AS output, json_group_array(DISTINCT model) AS models FROM usage_events WHERE session_id = ?') : undefined;
      // A compaction's summary is kept apart (transcript.ts appendCompaction), shown before the first message it kept.
      const compactionsOf = tables.has('compactions') ? db.prepare('SELECT first_kept_seq, summary, created_at FROM compactions WHERE session_id = ? ORDER BY id') : undefined;
      return sessions.map((s) => {
        const id = String(s.id);
        return build(ctx, s, messagesOf.all(id) as Json[], usageOf?.get(id) as Json | undefined, (compactionsOf?.all(id) ?? []) as Json[]);
      });
    },
    [] as Conversation[],
  );
}

function build(ctx: ParseContext, session: Json, rows: readonly Json[], usage: Json | undefined, compactions: readonly Json[]): Conversation {
  const messages: Message[] = [];
  // The session row names its latest model (/model rewrites it); each model call is a usage event.
  const models = new Set<string>(arr(tryParse(str(usage?.models) ?? '[]')).flatMap((m) => (typeof m === 'string' && m ? [m] : [])));
  const model = str(session.model);
  if (model) models.add(model);
  let firstPrompt: string | undefined;
  const summaries = [...compactions];
  for (const row of rows) {
    while (summaries.length && (num(summaries[0].first_kept_seq) ?? Number.POSITIVE_INFINITY) <= (num(row.seq) ?? 0)) {
      const c = summaries.shift()!;
      const m: Message = { id: `C${String(c.first_kept_seq)}`, role: 'system', kind: 'compaction-summary', parts: [{ type: 'text', content: str(c.summary) ?? '' }], native: JSON.stringify(c), source: 0 };
      const at = isoFromText(c.created_at);
      if (at) m.timestamp = at;
      messages.push(m);
    }
    const raw = str(row.message_json) ?? '';
    const message = tryParse(raw);
    const push = (role: Message['role'], parts: Part[], kind?: string, suffix = '') => {
      const m: Message = { id: `S${String(row.seq)}${suffix}`, role, parts, native: raw, source: 0 };
      const at = isoFromText(row.created_at);
      if (at) m.timestamp = at;
      if (kind) m.kind = kind;
      messages.push(m);
      return m;
    };
    if (!isObject(message)) {
      push('system', [{ type: 'generic', kind: 'unreadable', content: raw }], 'unknown');
      continue;
    }
    const role = str(message.role) ?? str(row.role);
    const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : arr(message.content).filter(isObject);
    if (role === 'user') {
      const parts = content.flatMap(userPart);
      const text = parts.map((p) => (p.type === 'text' ? p.content : '')).join('\n');
      if (text.trim()) firstPrompt ??= text;
      push('user', parts);
    } else if (role === 'assistant') {
      push('assistant', content.flatMap(assistantPart));
    } else if (role === 'tool') {
      push('tool', content.flatMap(toolResult));
    } else if (role === 'system') {
      const text = content.map((c) => str(c.text) ?? '').join('\n');
      push('system', [{ type: 'text', content: text }], text.startsWith('[Context checkpoint summary]') ? 'compaction-summary' : 'notice');
    } else {
      push('system', [{ type: 'generic', kind: `role:${role ?? '(none)'}`, content: raw }], 'unknown');
    }
  }
  const times = messages.map((m) => m.timestamp).filter((t): t is string => !!t);
  const tokens: Usage = {};
  if (num(usage?.input)) tokens.inputTokens = num(usage?.input);
  if (num(usage?.output)) tokens.outputTokens = num(usage?.output);
  return seedConversation(
    { agent: 'grok-cli', nativeId: String(session.id), ctx, cwd: str(session.cwd_at_start) ?? str(session.cwd_last), models, warnings: [], messages },
    {
      title: str(session.title)?.trim() ? titleFrom(str(session.title)) : titleFrom(firstPrompt),
      startedAt: isoFromText(session.created_at) ?? times[0],
      endedAt: isoFromText(session.updated_at) ?? times[times.length - 1],
      usage: Object.keys(tokens).length ? tokens : undefined,
    },
  );
}

function userPart(c: Json): Part[] {
  if (c.type === 'text') return str(c.text)?.trim() ? [{ type: 'text', content: str(c.text)! }] : [];
  if (c.type === 'image' || c.type === 'file') {
    const mimeType = str(c.mediaType) ?? str(c.mimeType) ?? (c.type === 'image' ? 'image/png' : 'application/octet-stream');
    const modality = mimeType.startsWith('image/') ? 'image' : 'file';
    // vision-input.ts buildVisionUserMessages puts the bytes as a Uint8Array, which JSON writes as {"0": 137, "1": 80, …}.
    const value = c.image ?? c.data;
    if (isObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) {
      return [{ type: 'blob', modality, mimeType, content: Buffer.from(Object.values(value).map((b) => Number(b) & 0xff)).toString('base64') }];
    }
    const data = str(value);
    const inline = data && !/^(https?|file):/.test(data) ? (/^data:[^,]*,(.*)$/s.exec(data)?.[1] ?? data) : undefined;
    if (inline) return [{ type: 'blob', modality, mimeType, content: inline }];
    return [{ type: 'generic', kind: 'file', content: str(c.filename) ?? data ?? mimeType }];
  }
  return [{ type: 'generic', kind: str(c.type) ?? 'unknown', content: JSON.stringify(c) }];
}

function assistantPart(c: Json): Part[] {
  if (c.type === 'text') return str(c.text)?.trim() ? [{ type: 'text', content: str(c.text)! }] : [];
  if (c.type === 'reasoning') return str(c.text)?.trim() ? [{ type: 'reasoning', content: str(c.text)! }] : [];
  if (c.type === 'tool-call') return [{ type: 'tool_call', id: str(c.toolCallId) ?? 'call', name: str(c.toolName) ?? 'tool', arguments: asText(c.input ?? {}) }];
  return [{ type: 'generic', kind: str(c.type) ?? 'unknown', content: JSON.stringify(c) }];
}

/** A tool's result: the text its output holds (`text` / `error-text` values, a json `{success, output, error}`). */
function toolResult(c: Json): Part[] {
  if (c.type !== 'tool-result') return [{ type: 'generic', kind: str(c.type) ?? 'unknown', content: JSON.stringify(c) }];
  const id = str(c.toolCallId) ?? 'call';
  const output = obj(c.output);
  const kind = str(output?.type);
  if (kind === 'error-text' || kind === 'error-json') return [{ type: 'tool_call_response', id, response: asText(output?.value), isError: true }];
  const value = kind === 'json' || kind === 'text' ? output?.value : c.output;
  const result = obj(value);
  if (result && 'success' in result) {
    const failed = result.success === false;
    const text = [str(result.output), failed ? str(result.error) : undefined].filter(Boolean).join('\n\n') || asText(result);
    return [failed ? { type: 'tool_call_response', id, response: text, isError: true } : { type: 'tool_call_response', id, response: text }];
  }
  return [{ type: 'tool_call_response', id, response: typeof value === 'string' ? value : asText(value ?? '') }];
}
