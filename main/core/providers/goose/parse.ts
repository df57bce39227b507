/**
 * Parses a Goose source: `sessions.db` (every session in it) or a legacy `<name>.jsonl` (a
 * metadata line `{working_dir, description, …}`, then one message per line). Both are normalized
 * by one builder; a database that cannot be opened yields nothing (retried next sync), a broken
 * line becomes a warning.
 */
import path from 'node:path';
import type { Conversation, Message, ParseWarning, Usage } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { readRecord } from '../kit/json-lines';
import { num, obj, str, tryParse, type Json } from '../kit/json';
import { type GooseMessage, gooseMessages } from './content';
import { compactionCopies } from './compaction-copy';
import { readSessionsDb } from './sqlite';

export async function parseGoose(ctx: ParseContext): Promise<Conversation[]> {
  if (/\.db$/i.test(ctx.path)) return readSessionsDb(ctx.path).sessions.map((s) => build(ctx, s.info, s.messages, s.warnings));
  const warnings: ParseWarning[] = [];
  const messages: GooseMessage[] = [];
  let info: Json = {};
  let sawLine = false;
  for await (const line of ctx.lines()) {
    if (!line.text.trim()) continue;
    const record = readRecord(line, (n, message) => warnings.push({ line: n, message }));
    const first = !sawLine;
    sawLine = true;
    if (!record) continue;
    if (first && !Array.isArray(record.content) && typeof record.working_dir === 'string') {
      info = record;
      continue;
    }
    if (!Array.isArray(record.content)) {
      warnings.push({ line: line.lineNo, message: 'Not a Goose message (no content array); skipped' });
      continue;
    }
    messages.push({ id: str(record.id) ?? `L${line.lineNo}`, role: str(record.role) ?? '(none)', content: record.content, metadata: obj(record.metadata), created: num(record.created), native: line.text });
  }
  if (!sawLine) return [];
  return [build(ctx, { ...info, id: path.basename(ctx.path).replace(/\.jsonl$/i, '') }, messages, warnings)];
}

function build(ctx: ParseContext, info: Json, source: readonly GooseMessage[], warnings: ParseWarning[]): Conversation {
  const unknown = new Set<string>();
  const messages: Message[] = [];
  const used = new Set<string>();
  // Goose stores a response's thinking in a row of its own and again in each row of its tool
  // calls, one after another (agents/reply.rs: providers that need reasoning_content back): a
  // thinking the row just before said is not shown again.
  let previous = new Set<string>();
  const copies = compactionCopies(source);
  source.forEach((m, i) => {
    for (const message of gooseMessages(m, unknown)) {
      if (message.role === 'user' && copies.has(i)) Object.assign(message, { role: 'system', kind: 'prompt-copy' });
      const said = new Set<string>();
      if (message.role === 'assistant') {
        for (const p of message.parts) if (p.type === 'reasoning' && p.content) said.add(p.content);
        message.parts = message.parts.filter((p) => p.type !== 'reasoning' || !p.content || !previous.has(p.content));
        if (!message.parts.length) {
          Object.assign(message, { role: 'system', kind: 'empty' });
          for (const t of previous) said.add(t); // an emptied row passes its thinking on
        }
      }
      previous = said;
      let id = message.id;
      for (let n = 2; used.has(id); n += 1) id = `${message.id}~${n}`;
      used.add(id);
      messages.push({ ...message, id });
    }
  });
  if (unknown.size) warnings.push({ message: `Unknown Goose content types kept as generic parts: ${[...unknown].sort().join(', ')}` });
  const firstPrompt = messages.find((m) => m.role === 'user')?.parts.find((p) => p.type === 'text');
  const name = str(info.name)?.trim() || str(info.description)?.trim();
  const model = str(obj(tryParse(str(info.model_config_json)))?.model_name);
  const sessionType = str(info.session_type);
  if (sessionType && sessionType !== 'user') messages.unshift({ id: 'session-type', role: 'system', kind: 'session-type', parts: [{ type: 'generic', kind: 'session-type', content: sessionType }], native: JSON.stringify({ session_type: sessionType }), source: 0 });
  const times = messages.map((m) => m.timestamp).filter((t): t is string => !!t);
  return seedConversation(
    { agent: 'goose', nativeId: String(info.id), ctx, cwd: str(info.working_dir), models: model ? [model] : [], warnings, messages },
    {
      title: name ? titleFrom(name) : titleFrom(firstPrompt?.type === 'text' ? firstPrompt.content : undefined),
      startedAt: isoOf(info.created_at) ?? times[0],
      endedAt: isoOf(info.updated_at) ?? times.at(-1),
      usage: usageOf(info),
    },
  );
}

/** sqlx writes `DateTime<Utc>` as text; SQLite's CURRENT_TIMESTAMP is `YYYY-MM-DD HH:MM:SS` in UTC. */
function isoOf(value: unknown): string | undefined {
  const text = str(value);
  if (!text || !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(text)) return undefined;
  const withT = text.replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(withT) ? withT : `${withT}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The session's own counts: the accumulated ones cover every turn, the plain ones only the last. */
function usageOf(info: Json): Usage | undefined {
  const input = num(info.accumulated_input_tokens) ?? num(info.input_tokens);
  const output = num(info.accumulated_output_tokens) ?? num(info.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  const u: Usage = {};
  if (input !== undefined) u.inputTokens = input;
  if (output !== undefined) u.outputTokens = output;
  return u;
}
