/**
 * A Continue session's `history` (core/index.d.ts `ChatHistoryItem[]`) → messages. Each item is
 * `{message, contextItems, toolCallStates?, reasoning?, promptLogs?, conversationSummary?}`
 * and `message` one of `ChatMessage` by `role`:
 * - `user {content: string | [{type:"text",text} | {type:"imageUrl",imageUrl:{url}}]}` → the
 *   typed prompt; the item's `contextItems` (files, URLs… the person attached) → generic parts;
 * - `assistant {content, toolCalls?: [{id, function:{name, arguments}}], usage?}` → answer text
 *   and tool calls, `reasoning.text` of the item → reasoning;
 * - `thinking {content, redactedThinking?}` → reasoning;
 * - `tool {content, toolCallId}` → the tool's result;
 * - `system {content}` → system prompt.
 * `toolCallStates [{toolCallId, toolCall, status, output?: ContextItem[]}]` carry each call's
 * result when no `tool` message does.
 */
import type { Message, Part, Usage } from '../../../../shared/record';
import { arr, isObject, obj, str, type Json } from '../kit/json';
import { usageOf } from '../kit/usage';

export interface HistoryMessages {
  readonly messages: Message[];
  readonly firstPrompt?: string;
  readonly models: Set<string>;
  readonly unknown: Set<string>;
}

const DATA_URL = /^data:([^;,]+);base64,/;

/** `MessageContent` → parts (text and images). */
function contentParts(content: unknown): Part[] {
  if (typeof content === 'string') return content ? [{ type: 'text', content }] : [];
  const parts: Part[] = [];
  for (const p of arr(content)) {
    if (!isObject(p)) continue;
    if (p.type === 'text' && typeof p.text === 'string') parts.push({ type: 'text', content: p.text });
    else if (p.type === 'imageUrl') {
      const url = str(obj(p.imageUrl)?.url) ?? '';
      const m = DATA_URL.exec(url);
      parts.push(m ? { type: 'blob', modality: 'image', mimeType: m[1], content: url.slice(m[0].length) } : { type: 'generic', kind: 'image-url', content: url });
    } else parts.push({ type: 'generic', kind: str(p.type) ?? 'content', content: JSON.stringify(p) });
  }
  return parts;
}

function textOf(parts: readonly Part[]): string {
  return parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}

function continueUsage(value: unknown): Usage | undefined {
  const u = obj(value);
  if (!u) return undefined;
  return usageOf({
    inputTokens: u.promptTokens,
    outputTokens: u.completionTokens,
    cacheReadTokens: obj(u.promptTokensDetails)?.cachedTokens,
    cacheWriteTokens: obj(u.promptTokensDetails)?.cacheWriteTokens,
    reasoningTokens: obj(u.completionTokensDetails)?.reasoningTokens,
  });
}

export { continueUsage };

export function historyMessages(history: unknown, sessionModel: string | undefined): HistoryMessages {
  const messages: Message[] = [];
  const models = new Set<string>();
  const unknown = new Set<string>();
  const answered = new Set<string>();
  const calls = new Set<string>();
  let firstPrompt: string | undefined;
  if (sessionModel) models.add(sessionModel);

  arr(history).forEach((item, i) => {
    if (!isObject(item)) return;
    const id = `H${i}`;
    const native = JSON.stringify(item);
    const message = obj(item.message);
    const role = str(message?.role);
    const push = (mid: string, r: Message['role'], parts: Part[], kind?: string, extra: Partial<Message> = {}) => {
      if (!parts.length) return;
      const m: Message = { id: mid, role: r, parts, native, source: 0, ...extra };
      if (kind) m.kind = kind;
      messages.push(m);
    };
    const model = str(arr(item.promptLogs).map(obj).find((l) => str(l?.modelTitle))?.modelTitle) ?? sessionModel;
    if (model) models.add(model);
    switch (role) {
      case 'user': {
        const parts = contentParts(message!.content);
        firstPrompt ??= textOf(parts);
        for (const c of arr(item.contextItems)) if (isObject(c) && c.hidden !== true) parts.push({ type: 'generic', kind: 'context', content: JSON.stringify(c) });
        push(id, 'user', parts);
        break;
      }
      case 'assistant':
      case 'thinking': {
        const parts: Part[] = [];
        const reasoning = str(obj(item.reasoning)?.text);
        if (reasoning?.trim()) parts.push({ type: 'reasoning', content: reasoning });
        if (role === 'thinking') {
          const text = textOf(contentParts(message!.content));
          if (text.trim()) parts.push({ type: 'reasoning', content: text });
          else if (str(message!.redactedThinking)) parts.push({ type: 'reasoning', content: '', redacted: true });
        } else parts.push(...contentParts(message!.content).filter((p) => p.type !== 'text' || p.content.trim()));
        const states = arr(item.toolCallStates).filter(isObject);
        const callParts = toolCalls(message!, states, calls);
        parts.push(...callParts.map((c) => c.call));
        const extra: Partial<Message> = {};
        if (role === 'assistant' && model) extra.model = model;
        const usage = continueUsage(message!.usage);
        if (usage) extra.usage = usage;
        push(id, 'assistant', parts, undefined, extra);
        const results = callParts.flatMap((c) => (c.result ? [c.result] : []));
        for (const r of results) answered.add(r.id);
        push(`${id}#results`, 'tool', results);
        break;
      }
      case 'tool': {
        const callId = str(message!.toolCallId) ?? '';
        if (answered.has(callId)) break; // its result already came with the call's state
        answered.add(callId);
        push(id, 'tool', [{ type: 'tool_call_response', id: callId, response: typeof message!.content === 'string' ? message!.content : JSON.stringify(message!.content ?? '') }]);
        break;
      }
      case 'system':
        push(id, 'system', contentParts(message!.content), 'system-prompt');
        break;
      default:
        unknown.add(role ?? '(no role)');
        push(id, 'system', [{ type: 'generic', kind: role ?? 'history-item', content: native }], 'unknown');
    }
    const summary = str(item.conversationSummary);
    if (summary?.trim()) push(`${id}#summary`, 'system', [{ type: 'text', content: summary }], 'compaction-summary');
  });
  return { messages, firstPrompt, models, unknown };
}

interface CallWithResult {
  readonly call: Part & { type: 'tool_call' };
  readonly result?: Part & { type: 'tool_call_response' };
}

/** The message's tool calls (from `toolCalls`, else the states), each with the output its state holds. */
function toolCalls(message: Json, states: Json[], seen: Set<string>): CallWithResult[] {
  const byId = new Map(states.map((s) => [str(s.toolCallId) ?? str(obj(s.toolCall)?.id) ?? '', s]));
  const deltas = arr(message.toolCalls).filter(isObject);
  const source = deltas.length ? deltas : states.map((s) => obj(s.toolCall) ?? {});
  return source.map((call, n) => {
    const fn = obj(call.function) ?? {};
    const raw = str(call.id) ?? '';
    const state = byId.get(raw);
    let id = raw || `call-${seen.size}-${n}`;
    while (seen.has(id)) id = `${id}'`;
    seen.add(id);
    const args = str(fn.arguments) ?? (state?.parsedArgs !== undefined ? JSON.stringify(state.parsedArgs) : '{}');
    const out: CallWithResult = { call: { type: 'tool_call', id, name: str(fn.name) ?? 'tool', arguments: args } };
    if (!state || !Array.isArray(state.output)) return out;
    const text = state.output.map((o) => (isObject(o) ? str(o.content) ?? '' : '')).join('\n');
    const result: Part & { type: 'tool_call_response' } = { type: 'tool_call_response', id, response: text };
    if (state.status === 'errored') result.isError = true;
    return { ...out, result };
  });
}
