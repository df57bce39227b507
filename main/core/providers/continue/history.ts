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
import { arr, isObject, obj, str, tryParse, type Json } from '../kit/json';
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
  /**
   * The item before was the CLI's compaction (compactChatHistory: an assistant item saying its
   * `conversationSummary`, the whole history replaced by it), after which the CLI sends `continue` itself.
   */
  let afterSummary = false;

  arr(history).forEach((item, i) => {
    if (!isObject(item)) return;
    const id = `H${i}`;
    const native = JSON.stringify(item);
    const message = obj(item.message);
    const role = str(message?.role);
    const push: Push = (mid, r, parts, kind, extra = {}) => {
      if (!parts.length) return;
      const m: Message = { id: mid, role: r, parts, native, source: 0, ...extra };
      if (kind) m.kind = kind;
      messages.push(m);
    };
    const model = str(arr(item.promptLogs).map(obj).find((l) => str(l?.modelTitle))?.modelTitle) ?? sessionModel;
    if (model) models.add(model);
    const summary = str(item.conversationSummary);
    const continued = afterSummary;
    afterSummary = false;
    switch (role) {
      case 'user': {
        const parts = contentParts(message!.content);
        // The CLI's own "continue" after an automatic compaction (streamChatResponse handleAutoContinuation).
        if (continued && textOf(parts).trim() === 'continue' && !arr(item.contextItems).length) {
          push(id, 'system', parts, 'auto-continue');
          break;
        }
        firstPrompt ??= textOf(parts);
        for (const c of arr(item.contextItems)) if (isObject(c) && c.hidden !== true) parts.push({ type: 'generic', kind: 'context', content: JSON.stringify(c) });
        push(id, 'user', parts);
        break;
      }
      case 'assistant':
      case 'thinking':
        assistantItem({ id, item, message: message!, role, summary, model, calls, answered, push });
        break;
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
    if (summary?.trim()) {
      push(`${id}#summary`, 'system', [{ type: 'text', content: summary }], 'compaction-summary');
      // The GUI adds a summary to an item already there (conversationCompaction.ts): a "continue" typed after it is typed.
      afterSummary = role === 'assistant' && textOf(contentParts(message!.content)).trim() === summary.trim();
    }
  });
  return { messages, firstPrompt, models, unknown };
}

type Push = (mid: string, r: Message['role'], parts: Part[], kind?: string, extra?: Partial<Message>) => void;

interface AssistantItem {
  readonly id: string;
  readonly item: Json;
  readonly message: Json;
  readonly role: 'assistant' | 'thinking';
  readonly summary: string | undefined;
  readonly model: string | undefined;
  readonly calls: Set<string>;
  readonly answered: Set<string>;
  readonly push: Push;
}

/** An `assistant` or `thinking` item: its reasoning, text and tool calls, then the results its call states hold. */
function assistantItem({ id, item, message, role, summary, model, calls, answered, push }: AssistantItem): void {
  const parts: Part[] = [];
  const reasoning = str(obj(item.reasoning)?.text);
  if (reasoning?.trim()) parts.push({ type: 'reasoning', content: reasoning });
  const said = contentParts(message.content);
  if (role === 'thinking') {
    // Redacted thinking comes with a placeholder text ("internal reasoning is hidden…", sessionSlice streamUpdate): not the model's.
    if (str(message.redactedThinking)) parts.push({ type: 'reasoning', content: '', redacted: true });
    else if (textOf(said).trim()) parts.push({ type: 'reasoning', content: textOf(said) });
  } else if (!(summary?.trim() && textOf(said).trim() === summary.trim())) {
    // A compaction's item says its summary as the answer too (compaction.ts): it is the summary, kept as such.
    parts.push(...said.filter((p) => p.type !== 'text' || p.content.trim()));
  }
  const callParts = toolCalls(message, arr(item.toolCallStates).filter(isObject), calls);
  // The CLI's `!cmd` shell mode: no user item, the command as a Bash call whose id starts `shell-`
  // (useChat.shellMode.ts handleBashModeProcessing): the person ran it.
  if (role === 'assistant' && callParts.length && callParts.every((c) => c.call.id.startsWith('shell-')) && !textOf(said).trim()) {
    const command = callParts.map((c) => str(obj(tryParse(c.call.arguments))?.command) ?? c.call.arguments).join('\n');
    push(`${id}#typed`, 'user', [{ type: 'text', content: `!${command}` }], 'shell-command');
  }
  parts.push(...callParts.map((c) => c.call));
  const extra: Partial<Message> = {};
  if (role === 'assistant' && model) extra.model = model;
  const usage = continueUsage(message.usage);
  if (usage) extra.usage = usage;
  push(id, 'assistant', parts, undefined, extra);
  const results = callParts.flatMap((c) => (c.result ? [c.result] : []));
  for (const r of results) answered.add(r.id);
  push(`${id}#results`, 'tool', results);
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
