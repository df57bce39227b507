/**
 * `logs.json` beside the chats (`<project id>/logs.json`): the CLI's prompt history, every
 * input the person submitted, slash commands included: `[{sessionId, messageId, timestamp,
 * type: "user", message}]` (packages/core/src/core/logger.ts). Chat files are the full record;
 * this file is read so that prompts of sessions whose chat file is gone (deleted by retention,
 * never written, or from CLIs older than chat recording) are still archived.
 *
 * Each session with no chat file becomes a prompts-only conversation with its own id
 * (`<sessionId>.prompts`), so it never merges into, or doubles the prompts of, the full
 * conversation archived from the chat file while that existed.
 */
import type { AgentId } from '../../../../../shared/agents';
import type { Conversation, Message, ParseWarning } from '../../../../../shared/record';
import { seedConversation, subConversationId, titleFrom } from '../identity';
import type { ParseContext } from '../provider';
import { isObject, num, shortError, str, type Json } from '../json';
import { lineAt, parseJson, parseJsonDocument } from '../parse-json';
import { arrayObjects } from './scan';

/** Whether the session still has a chat file; such sessions are skipped here. */
export type HasChat = (sessionId: string) => boolean;

export interface LogEntry {
  readonly record: Json;
  readonly raw: string;
}

export async function parseLogs(ctx: ParseContext, agent: AgentId, hasChat: HasChat, cwd?: string): Promise<Conversation[]> {
  const warnings: ParseWarning[] = [];
  const entries = readEntries(await ctx.readText((message) => warnings.push({ message })), warnings);
  const bySession = new Map<string, LogEntry[]>();
  for (const entry of entries) {
    const sessionId = str(entry.record.sessionId);
    if (!sessionId || typeof entry.record.message !== 'string') continue;
    if (entry.record.type !== undefined && entry.record.type !== 'user') continue;
    const list = bySession.get(sessionId);
    if (list) list.push(entry);
    else bySession.set(sessionId, [entry]);
  }
  const out: Conversation[] = [];
  for (const [sessionId, list] of bySession) {
    if (hasChat(sessionId)) continue;
    out.push(promptsOnly(ctx, agent, sessionId, list, cwd));
  }
  if (out.length) out[0].warnings.unshift(...warnings);
  return out;
}

export function readEntries(text: string, warnings: ParseWarning[]): LogEntry[] {
  try {
    const parsed = parseJsonDocument(text, (line, message) => warnings.push({ line, message }));
    if (!Array.isArray(parsed)) {
      warnings.push({ message: 'logs.json is not a JSON array; nothing read' });
      return [];
    }
    return parsed.filter(isObject).map((record) => ({ record, raw: JSON.stringify(record) }));
  } catch (error) {
    warnings.push({ message: `logs.json is not valid JSON (${shortError(error)}); its entries were read one by one` });
  }
  const start = text.indexOf('[');
  if (start === -1) return [];
  const out: LogEntry[] = [];
  for (const slice of arrayObjects(text, start)) {
    const line = lineAt(text, slice.start);
    const raw = slice.end === -1 ? '' : text.slice(slice.start, slice.end);
    try {
      const record = parseJson(raw, (message, at) => warnings.push({ line: lineAt(text, slice.start + at), message }));
      if (isObject(record)) out.push({ record, raw });
    } catch (error) {
      warnings.push({ line, message: `Unreadable logs.json entry skipped: ${shortError(error)}` });
    }
  }
  return out;
}

function promptsOnly(ctx: ParseContext, agent: AgentId, sessionId: string, list: LogEntry[], cwd?: string): Conversation {
  const used = new Set<string>();
  const messages: Message[] = list.map(({ record, raw }, index) => {
    const text = str(record.message) ?? '';
    let id = `log-${num(record.messageId) ?? index}`;
    for (let n = 2; used.has(id); n++) id = `log-${num(record.messageId) ?? index}~${n}`;
    used.add(id);
    const m: Message = { id, role: 'user', parts: [{ type: 'text', content: text }], native: raw, source: 0 };
    const timestamp = str(record.timestamp);
    if (timestamp) m.timestamp = timestamp;
    if (text.trimStart().startsWith('/')) m.kind = 'slash-command';
    return m;
  });
  const stamps = messages.flatMap((m) => (m.timestamp ? [m.timestamp] : [])).sort();
  const firstPrompt = messages.find((m) => m.kind !== 'slash-command') ?? messages[0];
  const conversation = seedConversation({
    agent,
    nativeId: sessionId,
    id: subConversationId(agent, sessionId, 'prompts'),
    ctx,
    cwd,
    models: [],
    warnings: [{ message: 'No chat file was found for this session: only the prompts typed (from logs.json) are kept' }],
    messages,
  });
  const title = titleFrom(firstPrompt?.parts[0]?.type === 'text' ? firstPrompt.parts[0].content : undefined);
  if (title) conversation.title = title;
  if (stamps.length) {
    conversation.startedAt = stamps[0];
    conversation.endedAt = stamps[stamps.length - 1];
  }
  return conversation;
}
