/**
 * One Goose message onto record messages. A message is `{id?, role, created, content: [...],
 * metadata: {userVisible, agentVisible}}` (block/goose `crates/goose/src/conversation/
 * message.rs`); content items are tagged `type` in camelCase: `text`, `image` `{data,
 * mimeType}`, `toolRequest` `{id, toolCall: {status: "success", value: {name, arguments}} |
 * {status: "error", error}}`, `toolResponse` `{id, toolResult: {status, value: {content: [...],
 * isError}} }` (older: `value` is the content array), `thinking`, `redactedThinking`,
 * `systemNotification` `{notificationType, msg}`, `frontendToolRequest`,
 * `toolConfirmationRequest`, `actionRequired`.
 * Tool results come back in `user` messages: they become `tool` messages. A message the person
 * never saw (`userVisible: false`: a compaction summary, a nudge to continue) is `system`.
 */
import type { Message, Part, Role } from '../../../../shared/record';
import { arr, asText, isObject, obj, str, type Json } from '../kit/json';

export interface GooseMessage {
  readonly role: string;
  readonly content: unknown[];
  readonly metadata?: Json;
  /** Unix seconds. */
  readonly created?: number;
  readonly id: string;
  readonly native: string;
}

export function gooseMessages(m: GooseMessage, unknown: Set<string>): Message[] {
  const said: Part[] = [];
  const results: Part[] = [];
  const notices: Part[] = [];
  for (const item of m.content) {
    if (!isObject(item)) continue;
    const type = str(item.type) ?? '(none)';
    switch (type) {
      case 'text':
        if (str(item.text)?.trim()) said.push({ type: 'text', content: str(item.text)! });
        break;
      case 'image':
        said.push(image(item));
        break;
      case 'thinking':
        if (str(item.thinking)?.trim()) said.push({ type: 'reasoning', content: str(item.thinking)! });
        break;
      case 'reasoning':
        // The older name (message.rs deserialize_sanitized_content reads it as thinking).
        if (str(item.text)?.trim()) said.push({ type: 'reasoning', content: str(item.text)! });
        break;
      case 'redactedThinking':
        said.push({ type: 'reasoning', content: '', redacted: true });
        break;
      case 'toolRequest':
      case 'frontendToolRequest':
        said.push(toolCall(item));
        break;
      case 'toolResponse':
        results.push(...toolResult(item));
        break;
      case 'systemNotification':
        notices.push({ type: 'generic', kind: str(item.notificationType) ?? 'notification', content: str(item.msg) ?? '' });
        break;
      case 'toolConfirmationRequest':
      case 'actionRequired':
        // What the person entered in a form an extension asked for (agent.rs reply): theirs, not a notice.
        if (m.role === 'user' && str(obj(item.data)?.actionType) === 'elicitationResponse') said.push({ type: 'generic', kind: 'elicitation-response', content: asText(obj(item.data)?.user_data ?? {}) });
        else notices.push({ type: 'generic', kind: type, content: JSON.stringify(item) });
        break;
      default:
        unknown.add(type);
        notices.push({ type: 'generic', kind: type, content: JSON.stringify(item) });
    }
  }
  const hidden = m.metadata?.userVisible === false;
  const out: Message[] = [];
  const push = (suffix: string, role: Role, parts: Part[], kind?: string): void => {
    const message: Message = { id: out.length ? `${m.id}#${suffix}` : m.id, role, parts, native: m.native, source: 0 };
    if (m.created !== undefined) message.timestamp = new Date(m.created * 1000).toISOString();
    if (kind) message.kind = kind;
    out.push(message);
  };
  if (results.length) push('tools', 'tool', results);
  if (said.length) {
    if (hidden) push('said', 'system', said, m.metadata?.agentVisible === false ? 'hidden' : 'agent-only');
    else if (m.role === 'user' && said.length === 1 && said[0].type === 'text' && FINAL_OUTPUT_NUDGE.test(said[0].content)) push('said', 'system', said, 'nudge');
    else if (m.role === 'user') push('said', 'user', said);
    else if (m.role === 'assistant') push('said', 'assistant', said);
    else push('said', 'system', said, `role:${m.role}`);
  }
  if (notices.length) push('notices', 'system', notices, 'notification');
  if (!out.length) push('empty', 'system', [], 'empty');
  return out;
}

/**
 * What Goose tells the model when a recipe asks for structured output and it has not given it
 * (FINAL_OUTPUT_CONTINUATION_MESSAGE in agents/final_output_tool.rs), stored as a user message
 * the person can see but did not type.
 */
const FINAL_OUTPUT_NUDGE = /^You MUST call the `final_output` tool\b/;

function image(item: Json): Part {
  const mimeType = str(item.mimeType) ?? 'image/png';
  return { type: 'blob', modality: 'image', mimeType, content: str(item.data) ?? '' };
}

function toolCall(item: Json): Part {
  const call = obj(item.toolCall) ?? {};
  const value = obj(call.value);
  const id = str(item.id) ?? 'call';
  if (str(call.status) === 'error' || !value) return { type: 'tool_call', id, name: 'tool', arguments: asText({ error: call.error ?? null }) };
  return { type: 'tool_call', id, name: str(value.name) ?? 'tool', arguments: asText(value.arguments ?? {}) };
}

function toolResult(item: Json): Part[] {
  const result = obj(item.toolResult) ?? {};
  const id = str(item.id) ?? 'call';
  if (str(result.status) === 'error') return [{ type: 'tool_call_response', id, response: str(result.error) ?? '', isError: true }];
  const value = result.value;
  const content = Array.isArray(value) ? value : arr(obj(value)?.content);
  const texts: string[] = [];
  const blobs: Part[] = [];
  for (const c of content) {
    if (!isObject(c)) continue;
    if (c.type === 'text') texts.push(str(c.text) ?? '');
    else if (c.type === 'image') blobs.push(image(c));
    else if (c.type === 'resource') texts.push(str(obj(c.resource)?.text) ?? asText(c.resource));
    else texts.push(asText(c));
  }
  const response: Part = { type: 'tool_call_response', id, response: texts.join('\n') };
  if (obj(value)?.isError === true) response.isError = true;
  return [response, ...blobs];
}
