/**
 * OpenHands SDK events (openhands-sdk/openhands/sdk/event/, `kind` = the class name) → messages:
 * - `SystemPromptEvent {system_prompt, dynamic_context?}` → system prompt;
 * - `MessageEvent {source, llm_message: {role, content: [text | image], reasoning_content?,
 *   thinking_blocks?}, extended_content, sender?}`: from the user → typed prompt (the context
 *   the agent added, `extended_content`, kept as generic parts); from the agent → answer;
 * - `ActionEvent {thought, reasoning_content?, thinking_blocks?, tool_call: {id, name,
 *   arguments}, tool_name, tool_call_id}` → reasoning, thought text and the tool call;
 * - `ObservationEvent {tool_call_id, observation: {content, is_error}}`,
 *   `UserRejectObservation {rejection_reason}`, `AgentErrorEvent {error}` → the call's result;
 * - `ACPToolCallEvent {tool_call_id, title, raw_input, raw_output, is_error}` → call and result;
 * - `Condensation {summary?}` / `CondensationSummaryEvent {summary}` → compaction summary;
 *   `ConversationErrorEvent {code, detail}` → error; `PauseEvent` / `InterruptEvent` →
 *   interrupt; `HookExecutionEvent` → hook;
 * - state, token, log and streaming events hold no conversation content.
 */
import type { Message, Part, Role } from '../../../../shared/record';
import { arr, asText, isObject, obj, str, type Json } from '../kit/json';
import type { EventFile } from './events';

const QUIET = new Set(['ConversationStateUpdateEvent', 'TokenEvent', 'LLMCompletionLogEvent', 'StreamingDeltaEvent', 'CondensationRequest']);

export interface EventMessages {
  readonly messages: Message[];
  readonly firstPrompt?: string;
  readonly unknown: Set<string>;
}

function contentParts(content: unknown): Part[] {
  const parts: Part[] = [];
  for (const c of arr(content)) {
    if (!isObject(c)) continue;
    if (c.type === 'text' && typeof c.text === 'string') parts.push({ type: 'text', content: c.text });
    else if (c.type === 'image') {
      for (const url of arr(c.image_urls)) {
        const u = str(url) ?? '';
        const m = /^data:([^;,]+);base64,/.exec(u);
        parts.push(m ? { type: 'blob', modality: 'image', mimeType: m[1], content: u.slice(m[0].length) } : { type: 'generic', kind: 'image-url', content: u });
      }
    } else parts.push({ type: 'generic', kind: str(c.type) ?? 'content', content: JSON.stringify(c) });
  }
  return parts;
}

function reasoningParts(event: Json): Part[] {
  const parts: Part[] = [];
  const reasoning = str(event.reasoning_content);
  if (reasoning?.trim()) parts.push({ type: 'reasoning', content: reasoning });
  for (const b of arr(event.thinking_blocks)) {
    if (!isObject(b)) continue;
    if (b.type === 'thinking' && str(b.thinking)?.trim()) parts.push({ type: 'reasoning', content: str(b.thinking)! });
    else parts.push({ type: 'reasoning', content: '', redacted: true });
  }
  return parts;
}

/** One event being read: its ids, and how to add a message or a tool result for it. */
interface EventScope {
  readonly event: Json;
  readonly id: string;
  readonly kind: string;
  readonly raw: string;
  readonly push: (role: Role, parts: Part[], messageKind?: string) => void;
  readonly result: (response: string, isError: boolean, extra?: Part[]) => void;
}

interface Gathered {
  readonly messages: Message[];
  readonly unknown: Set<string>;
  firstPrompt?: string;
}

export function eventMessages(events: readonly EventFile[], model: string | undefined): EventMessages {
  const out: Gathered = { messages: [], unknown: new Set<string>() };
  for (const file of events) readEvent(file, model, out);
  return { messages: out.messages, firstPrompt: out.firstPrompt, unknown: out.unknown };
}

function readEvent({ index, raw, event }: EventFile, model: string | undefined, out: Gathered): void {
  const id = str(event.id) ?? `E${index}`;
  const kind = str(event.kind) ?? '(no kind)';
  let n = 0;
  const push = (role: Role, parts: Part[], messageKind?: string) => {
    if (!parts.length) return;
    const m: Message = { id: n === 0 ? id : `${id}#${n}`, role, parts, native: raw, source: 0 };
    n += 1;
    const parent = str(event.parent_id);
    if (parent && m.id === id) m.parentId = parent;
    if (str(event.timestamp)) m.timestamp = str(event.timestamp);
    if (messageKind) m.kind = messageKind;
    if (role === 'assistant' && model) m.model = model;
    out.messages.push(m);
  };
  const result = (response: string, isError: boolean, extra: Part[] = []) => {
    const part: Part = { type: 'tool_call_response', id: str(event.tool_call_id) ?? '', response };
    if (isError) part.isError = true;
    push('tool', [part, ...extra]);
  };
  const scope: EventScope = { event, id, kind, raw, push, result };
  if (turnEvent(scope, out) || toolResultEvent(scope) || sideEvent(scope) || QUIET.has(kind)) return;
  out.unknown.add(kind);
  push('system', [{ type: 'generic', kind, content: raw }], 'unknown');
}

/** The system prompt, a message, or an action (a tool call). False for any other kind. */
function turnEvent({ event, id, kind, push }: EventScope, out: Gathered): boolean {
  switch (kind) {
    case 'SystemPromptEvent': {
      const texts = [str(obj(event.system_prompt)?.text), str(obj(event.dynamic_context)?.text)].filter((t): t is string => !!t);
      push('system', texts.map((content) => ({ type: 'text', content })), 'system-prompt');
      return true;
    }
    case 'MessageEvent': {
      const message = obj(event.llm_message) ?? {};
      const parts = contentParts(message.content);
      if (event.source === 'user' && message.role === 'user') {
        const typed = parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
        for (const c of arr(event.extended_content)) if (isObject(c) && str(c.text)) parts.push({ type: 'generic', kind: 'context', content: str(c.text)! });
        if (str(event.sender)) push('system', parts, 'agent-message'); // another agent wrote it
        else {
          out.firstPrompt ??= typed;
          push('user', parts);
        }
      } else push('assistant', [...reasoningParts(message), ...parts]);
      return true;
    }
    case 'ActionEvent': {
      const call = obj(event.tool_call) ?? {};
      const thought = contentParts(event.thought);
      const args = call.arguments;
      const toolCall: Part = { type: 'tool_call', id: str(call.id) ?? str(event.tool_call_id) ?? id, name: str(call.name) ?? str(event.tool_name) ?? 'tool', arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) };
      push('assistant', [...reasoningParts(event), ...thought, toolCall]);
      return true;
    }
    default:
      return false;
  }
}

/** What a tool call gave back: its observation, a rejection, an error, or an ACP call with its output. */
function toolResultEvent({ event, id, kind, push, result }: EventScope): boolean {
  switch (kind) {
    case 'ObservationEvent': {
      const observation = obj(event.observation) ?? {};
      const parts = contentParts(observation.content);
      const text = parts.filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.content : '')).join('\n');
      result(text, observation.is_error === true, parts.filter((p) => p.type !== 'text'));
      return true;
    }
    case 'UserRejectObservation':
      result(`Action rejected: ${str(event.rejection_reason) ?? ''}`, true);
      return true;
    case 'AgentErrorEvent':
      result(str(event.error) ?? '', true);
      return true;
    case 'ACPToolCallEvent': {
      const callId = str(event.tool_call_id) ?? id;
      push('assistant', [{ type: 'tool_call', id: callId, name: str(event.title) ?? str(event.tool_kind) ?? 'tool', arguments: event.raw_input === undefined ? '{}' : typeof event.raw_input === 'string' ? event.raw_input : JSON.stringify(event.raw_input) }]);
      if (event.raw_output !== undefined) result(asText(event.raw_output), event.is_error === true);
      return true;
    }
    default:
      return false;
  }
}

/** Summaries, errors, pauses and hooks around the turns. */
function sideEvent({ event, kind, raw, push }: EventScope): boolean {
  switch (kind) {
    case 'Condensation':
    case 'CondensationSummaryEvent':
      if (str(event.summary)?.trim()) push('system', [{ type: 'text', content: str(event.summary)! }], 'compaction-summary');
      return true;
    case 'ConversationErrorEvent':
      push('system', [{ type: 'text', content: [str(event.code), str(event.detail)].filter(Boolean).join(': ') }], 'api-error');
      return true;
    case 'PauseEvent':
    case 'InterruptEvent':
      push('system', [{ type: 'generic', kind: kind === 'PauseEvent' ? 'pause' : 'interrupt', content: raw }], 'interrupt');
      return true;
    case 'HookExecutionEvent':
      push('system', [{ type: 'generic', kind: 'hook', content: raw }], 'hook');
      return true;
    default:
      return false;
  }
}
