/**
 * Parses a Grok CLI session: `~/.grok/sessions/<url-encoded cwd>/<session id>/
 * chat_history.jsonl`, one `ConversationItem` per line (see items.ts), or its updates.jsonl
 * (updates.ts) when it has one, plus summary.json /
 * system_prompt.txt beside it. No real file was available: the layout follows the grok-build
 * source and third-party readers of real sessions (README.md).
 */
import path from 'node:path';
import type { Conversation, Message, ParseWarning, Part, Role } from '../../../../shared/record';
import type { ParseContext } from '../kit/provider';
import { assistantParts, backendToolCall, injectedKind, ITEM_TYPES, reasoningPart, toolResultParts, userParts } from './items';
import { str, type Json } from '../kit/json';
import { readSessionInfo } from './session-files';
import { grokConversation } from './conversation';
import { parseGrokUpdates } from './updates';
import { readRecord } from '../kit/json-lines';
import { UPDATES_FILE } from './locate';
import { GROK_DB, parseGrokDb } from './grok-db';

export async function parseGrokSession(ctx: ParseContext): Promise<Conversation[]> {
  if (path.basename(ctx.path) === GROK_DB) return parseGrokDb(ctx);
  const info = await readSessionInfo(ctx.path);
  if (path.basename(ctx.path) === UPDATES_FILE) return parseGrokUpdates(ctx, info);
  const messages: Message[] = [];
  const warnings: ParseWarning[] = [];
  const models = new Set<string>();
  const unknown = new Set<string>();
  let firstPrompt: string | undefined;
  let sawLine = false;
  let sawSystem = false;

  const push = (lineNo: number, raw: string, role: Role, parts: Part[], kind?: string, model?: string): Message => {
    const m: Message = { id: `L${lineNo}`, role, parts, native: raw, source: 0 };
    if (kind) m.kind = kind;
    if (model) m.model = model;
    messages.push(m);
    return m;
  };

  for await (const line of ctx.lines()) {
    const { text, lineNo } = line;
    if (!text.trim()) continue;
    sawLine = true;
    const item = readRecord(line, (n, message) => warnings.push({ line: n, message }));
    if (!item) continue;
    const type = str(item.type) ?? roleType(item);
    if (!type || !ITEM_TYPES.has(type)) {
      unknown.add(type ?? '(untyped)');
      push(lineNo, text, 'system', [{ type: 'generic', kind: type ?? 'record', content: text }], 'unknown');
      continue;
    }
    switch (type) {
      case 'system': {
        sawSystem = true;
        const content = typeof item.content === 'string' ? item.content : JSON.stringify(item.content ?? '');
        push(lineNo, text, 'system', [{ type: 'text', content }], 'system-prompt');
        break;
      }
      case 'user': {
        const { parts, text: body } = userParts(item);
        const kind = injectedKind(item, body);
        if (kind) push(lineNo, text, 'system', parts, kind);
        else {
          firstPrompt ??= body;
          push(lineNo, text, 'user', parts, item.synthetic_reason === 'interjection' ? 'interjection' : undefined);
        }
        break;
      }
      case 'assistant': {
        const model = str(item.model_id);
        if (model) models.add(model);
        const parts = assistantParts(item);
        if (parts.length) push(lineNo, text, 'assistant', parts, undefined, model);
        break;
      }
      case 'tool_result':
        push(lineNo, text, 'tool', toolResultParts(item));
        break;
      case 'reasoning': {
        const part = reasoningPart(item);
        if (part) push(lineNo, text, 'assistant', [part]);
        break;
      }
      case 'backend_tool_call':
        push(lineNo, text, 'assistant', [backendToolCall(item, `L${lineNo}`)]);
        break;
    }
  }
  if (!sawLine) return [];
  if (unknown.size) warnings.push({ message: `Unknown Grok chat_history record types kept as generic messages: ${[...unknown].sort().join(', ')}` });
  return [grokConversation(ctx, info, { messages, warnings, models, firstPrompt, sawSystem })];
}

/** Some readers and early builds write chat-completions `{role, content}` lines. */
function roleType(item: Json): string | undefined {
  const role = str(item.role);
  if (role === 'tool') return 'tool_result';
  return role === 'system' || role === 'user' || role === 'assistant' ? role : undefined;
}
