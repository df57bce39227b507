/**
 * Turns a replayed chat (state.ts) into one Conversation: converts each entry's final record,
 * links messages into a chain by `parentId` (a rewind starts a new branch from the message
 * before the undone one), and fills the conversation fields.
 */
import type { AgentId } from '../../../../../shared/agents';
import type { Conversation, Message, ParseWarning, Usage } from '../../../../../shared/record';
import { conversationId, titleFrom, workspaceFor } from '../identity';
import type { ParseContext } from '../provider';
import { arr, obj, str } from '../json';
import { partList } from './parts';
import { convertRecord, type ConvertContext } from './records';
import type { ChatState, Entry } from './state';
import { addUsage } from './usage';

export interface BuildInput {
  readonly agent: AgentId;
  readonly ctx: ParseContext;
  readonly state: ChatState;
  readonly warnings: ParseWarning[];
  readonly cwd?: string;
}

export function buildConversation({ agent, ctx, state, warnings, cwd }: BuildInput): Conversation {
  const cctx = convertContext(state);
  const messages: Message[] = [];
  const lastOf = new Map<Entry, string>();
  const usedIds = new Set<string>();
  let tail: string | undefined;
  for (const entry of state.entries) {
    if (entry.copyOf) continue; // the CLI's copy of a turn shown where it was first said
    const produced = entry.rewind ? [rewindMessage(entry)] : entry.unknown ? [unknownMessage(entry, cctx)] : convertRecord(entry, cctx);
    if (entry.rewind) tail = entry.rewind.after ? lastOf.get(entry.rewind.after) : undefined;
    for (const m of produced) {
      m.id = uniqueId(m.id, usedIds);
      if (tail !== undefined) m.parentId = tail;
      tail = m.id;
      messages.push(m);
    }
    if (tail !== undefined) lastOf.set(entry, tail);
  }
  const meta = state.meta;
  const isSubagent = meta.kind === 'subagent';
  const parent = isSubagent ? parentSessionFromPath(ctx.path) : undefined;
  // A subagent chat is named by its own session id; without one (or with its parent's), by its
  // parent and its file name, so the same subagent name under two sessions stays two conversations.
  const own = str(meta.sessionId);
  const nativeId = own && own !== parent ? own : parent ? `${parent}.${idFromFileName(ctx.path)}` : (own ?? idFromFileName(ctx.path));
  const title = markSubagentTask(messages, isSubagent);
  if (cctx.unknownTypes.size || cctx.unknownParts.size) {
    const names = [...cctx.unknownTypes].map((t) => `type:${t}`).concat([...cctx.unknownParts]).sort();
    warnings.push({ message: `Unknown Gemini CLI record or part types kept as generic content: ${names.join(', ')}` });
  }
  const conversation: Conversation = {
    id: conversationId(agent, nativeId),
    agent,
    nativeId,
    workspace: 'unknown',
    instance: ctx.instance,
    models: [],
    sourcePath: ctx.path,
    sources: [ctx.path],
    warnings,
    messages,
  };
  const root = cwd ?? (isSubagent ? str(arr(meta.directories)[0]) : undefined);
  if (root) conversation.cwd = root;
  conversation.workspace = workspaceFor(root, ctx.workspaceHint);
  const summary = str(meta.summary)?.trim();
  const chosen = summary ? titleFrom(summary) : title;
  if (chosen) conversation.title = chosen;
  fillTimes(conversation, str(meta.startTime), str(meta.lastUpdated));
  fillModelsAndUsage(conversation);
  if (parent) Object.assign(conversation, { parentId: conversationId(agent, parent), relation: 'subagent' });
  return conversation;
}

function convertContext(state: ChatState): ConvertContext {
  const answeredInUser = new Set<string>();
  const statusById = new Map<string, string>();
  for (const { record, rewind, unknown, copyOf } of state.entries) {
    if (rewind || unknown || copyOf) continue;
    if (record.type === 'user') {
      for (const part of partList(record.content)) {
        const id = str(obj(obj(part)?.functionResponse)?.id);
        if (id) answeredInUser.add(id);
      }
    } else if (record.type === 'gemini') {
      for (const call of arr(record.toolCalls)) {
        const id = str(obj(call)?.id);
        const status = str(obj(call)?.status);
        if (id && status) statusById.set(id, status);
      }
    }
  }
  return { unknownParts: new Set(), unknownTypes: new Set(), answeredInUser, statusById };
}

function rewindMessage(entry: Entry): Message {
  const target = entry.rewind!.target;
  return {
    id: entry.id,
    role: 'system',
    kind: 'rewind',
    parts: [{ type: 'text', content: `Rewound: message ${target} and everything after it were undone (kept above as an abandoned branch).` }],
    native: entry.raw,
    source: 0,
  };
}

function unknownMessage(entry: Entry, cctx: ConvertContext): Message {
  const keys = Object.keys(entry.record).sort().join('+') || '(empty)';
  cctx.unknownTypes.add(`record:${keys}`);
  return { id: entry.id, role: 'system', kind: 'unknown', parts: [{ type: 'generic', kind: 'record', content: entry.raw }], native: entry.raw, source: 0 };
}

/** In a subagent chat the first prompt was written by the parent agent. Returns the title. */
function markSubagentTask(messages: Message[], isSubagent: boolean): string | undefined {
  const first = messages.find((m) => m.role === 'user');
  if (first && isSubagent) {
    first.role = 'system';
    first.kind = 'subagent-task';
  }
  return titleFrom(textOf(firstPrompt(messages) ?? first));
}

/** The first typed prompt that is not a slash command, else the first one. */
export function firstPrompt(messages: Message[]): Message | undefined {
  const typed = messages.filter((m) => m.role === 'user');
  return typed.find((m) => m.kind !== 'slash-command') ?? typed[0];
}

export function textOf(message: Message | undefined): string | undefined {
  return message?.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}

export function fillTimes(c: Conversation, start: string | undefined, lastUpdated: string | undefined): void {
  const stamps = [start, lastUpdated, ...c.messages.map((m) => m.timestamp)].filter((t): t is string => !!t).sort();
  if (!stamps.length) return;
  c.startedAt = start ?? stamps[0];
  c.endedAt = stamps[stamps.length - 1];
}

export function fillModelsAndUsage(c: Conversation): void {
  const models = new Set<string>();
  let usage: Usage | undefined;
  for (const m of c.messages) {
    if (m.model) models.add(m.model);
    usage = addUsage(usage, m.usage);
  }
  c.models = [...models];
  if (usage) c.usage = usage;
}

export function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}~${n}`;
  used.add(candidate);
  return candidate;
}

/** Subagent chats live in `chats/<parent session id>/<session id>.jsonl`. */
function parentSessionFromPath(filePath: string): string | undefined {
  const parts = filePath.split(/[\\/]/);
  const dir = parts[parts.length - 2];
  return dir && dir !== 'chats' && parts[parts.length - 3] === 'chats' ? dir : undefined;
}

/** A file without a session id is named by its file name, without the extension. */
export function idFromFileName(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  return base.replace(/\.jsonl?$/i, '');
}
