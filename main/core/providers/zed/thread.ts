/**
 * A thread's JSON → messages, for both formats Zed has stored in `threads.db`:
 * - `DbThread` (version `0.3.0`, crates/agent/src/db.rs + thread.rs): `{title, messages,
 *   updated_at, model?: {provider, model}, subagent_context?, …}`, each message an externally
 *   tagged `Message`: `{"User": {id, content: [{"Text"} | {"Mention": {uri, content}} |
 *   {"Image"}]}}`, `{"Agent": {content: [{"Text"} | {"Thinking": {text, signature}} |
 *   {"RedactedThinking"} | {"ToolUse": {id, name, raw_input, input}}], tool_results: {<id>:
 *   {tool_use_id, tool_name, is_error, content, output}}}}`, or `"Resume"`;
 * - the agent-1 `SerializedThread` (crates/agent/src/legacy_thread.rs; `0.2.0`, `0.1.0`, or no
 *   version): `{summary, updated_at, messages: [{id, role, segments: [{type:"text"|"thinking",
 *   text} | {type:"RedactedThinking", data}], tool_uses: [{id, name, input}], tool_results:
 *   [{tool_use_id, is_error, content}], context, is_hidden}]}` (oldest: `text` instead of
 *   `segments`).
 */
import type { Message, Part } from '../../../../shared/record';
import { arr, isObject, obj, str, type Json } from '../kit/json';
import { imagePart, resultContent } from './content';

export interface ThreadMessages {
  readonly messages: Message[];
  readonly firstPrompt?: string;
  /** Message shapes this reader does not know, for one warning. */
  readonly unknown: Set<string>;
}

class Builder {
  readonly messages: Message[] = [];
  readonly unknown = new Set<string>();
  firstPrompt?: string;
  private readonly calls = new Set<string>();
  /** The id each call the thread made was given, by the id the thread wrote (results name that one). */
  private readonly byRaw = new Map<string, string>();

  constructor(private readonly model: string | undefined) {}

  push(id: string, role: Message['role'], parts: Part[], native: unknown, kind?: string): void {
    if (!parts.length) return;
    const m: Message = { id, role, parts, native: JSON.stringify(native), source: 0 };
    if (kind) m.kind = kind;
    if (role === 'assistant' && this.model) m.model = this.model;
    this.messages.push(m);
  }

  typed(id: string, parts: Part[], native: unknown): void {
    const text = parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
    this.firstPrompt ??= text;
    this.push(id, 'user', parts, native);
  }

  callId(raw: string | undefined, fallback: string): string {
    let id = raw || fallback;
    while (this.calls.has(id)) id = `${id}'`;
    this.calls.add(id);
    if (raw) this.byRaw.set(raw, id);
    return id;
  }

  /** The call id a result's `tool_use_id` answers. */
  answered(raw: string): string {
    return this.byRaw.get(raw) ?? raw;
  }

  toolResult(id: string, isError: boolean, content: unknown): Part[] {
    const { texts, images } = resultContent(content);
    const response: Part = { type: 'tool_call_response', id, response: texts.join('\n') };
    if (isError) response.isError = true;
    return [response, ...images];
  }
}

export function threadMessages(thread: Json, model: string | undefined): ThreadMessages {
  const b = new Builder(model);
  const legacy = str(thread.version) !== '0.3.0' && arr(thread.messages).some((m) => isObject(m) && 'role' in m);
  arr(thread.messages).forEach((message, i) => (legacy ? legacyMessage(b, message, i) : dbMessage(b, message, i)));
  return { messages: b.messages, firstPrompt: b.firstPrompt, unknown: b.unknown };
}

function dbMessage(b: Builder, message: unknown, i: number): void {
  const id = `M${i}`;
  if (message === 'Resume') {
    b.push(id, 'system', [{ type: 'text', content: 'Continue where you left off' }], message, 'resume');
    return;
  }
  const user = isObject(message) ? obj(message.User) : undefined;
  const agent = isObject(message) ? obj(message.Agent) : undefined;
  // Zed's compaction (2026-05/06, Message::Compaction): a summary of what came before, or a provider's own compacted items.
  const compaction = isObject(message) && 'Compaction' in message ? message.Compaction : undefined;
  if (compaction !== undefined) {
    const summary = isObject(compaction) ? str(compaction.Summary) : undefined;
    const parts: Part[] = summary !== undefined ? [{ type: 'text', content: summary }] : [{ type: 'generic', kind: 'compaction', content: JSON.stringify(compaction) }];
    b.push(id, 'system', parts, message, 'compaction-summary');
    return;
  }
  if (user) {
    b.typed(id, userParts(b, user), message);
    return;
  }
  if (agent) {
    const parts: Part[] = [];
    let calls = 0;
    for (const c of arr(agent.content)) {
      if (!isObject(c)) continue;
      if (typeof c.Text === 'string') parts.push({ type: 'text', content: c.Text });
      else if (isObject(c.Thinking)) {
        const text = str(c.Thinking.text) ?? '';
        parts.push(text ? { type: 'reasoning', content: text } : { type: 'reasoning', content: '', redacted: true });
      } else if ('RedactedThinking' in c) parts.push({ type: 'reasoning', content: '', redacted: true });
      else if (isObject(c.ToolUse)) {
        const use = c.ToolUse;
        const callId = b.callId(str(use.id), `${id}#call${calls++}`);
        const rawInput = str(use.raw_input);
        parts.push({ type: 'tool_call', id: callId, name: str(use.name) ?? 'tool', arguments: rawInput?.trim() ? rawInput : JSON.stringify(use.input ?? {}) });
      } else {
        const kind = Object.keys(c)[0] ?? 'content';
        b.unknown.add(`Agent content ${kind}`);
        parts.push({ type: 'generic', kind, content: JSON.stringify(c) });
      }
    }
    b.push(id, 'assistant', parts, message);
    const results = isObject(agent.tool_results) ? Object.entries(agent.tool_results) : [];
    const resultParts = results.flatMap(([key, r]) => {
      if (!isObject(r)) return [];
      const useId = str(r.tool_use_id) ?? key;
      return b.toolResult(b.answered(useId), r.is_error === true, r.content);
    });
    b.push(`${id}#results`, 'tool', resultParts, message);
    return;
  }
  const kind = isObject(message) ? Object.keys(message)[0] ?? 'message' : typeof message;
  b.unknown.add(`message ${kind}`);
  b.push(id, 'system', [{ type: 'generic', kind, content: JSON.stringify(message) }], message, 'unknown');
}

function userParts(b: Builder, user: Json): Part[] {
  const parts: Part[] = [];
  let text = '';
  const flush = () => {
    if (text) parts.push({ type: 'text', content: text });
    text = '';
  };
  for (const c of arr(user.content)) {
    if (typeof c === 'string') text += c;
    else if (isObject(c) && typeof c.Text === 'string') text += c.Text;
    else if (isObject(c) && isObject(c.Mention)) {
      // The person picked a file, symbol or thread: its link is in what they sent, its content attached.
      text += `@${mentionLabel(c.Mention.uri)}`;
      const attached = str(c.Mention.content);
      if (attached) {
        flush();
        parts.push({ type: 'generic', kind: 'mention', content: JSON.stringify(c.Mention) });
      }
    } else if (isObject(c) && 'Image' in c) {
      flush();
      const image = imagePart(c.Image);
      if (image) parts.push(image);
    } else {
      flush();
      const kind = isObject(c) ? Object.keys(c)[0] ?? 'content' : typeof c;
      b.unknown.add(`User content ${kind}`);
      parts.push({ type: 'generic', kind, content: JSON.stringify(c) });
    }
  }
  flush();
  return parts;
}

/** A short name for a mention (`MentionUri`, serialized as one variant): its name, path or URL. */
function mentionLabel(uri: unknown): string {
  if (typeof uri === 'string') return uri;
  const variant = isObject(uri) ? Object.values(uri)[0] : undefined;
  const fields = isObject(variant) ? variant : {};
  const name = str(fields.name) ?? str(fields.abs_path) ?? str(fields.path) ?? str(fields.url);
  if (name) return name.split(/[\\/]/).filter(Boolean).pop() ?? name;
  return isObject(uri) ? Object.keys(uri)[0] ?? 'mention' : 'mention';
}

function legacyMessage(b: Builder, message: unknown, i: number): void {
  if (!isObject(message)) return;
  // Ids are message numbers, which older threads repeat: the position is the stable id.
  const id = `M${i}`;
  const role = str(message.role)?.toLowerCase();
  const parts: Part[] = [];
  const segments = Array.isArray(message.segments) ? message.segments : typeof message.text === 'string' ? [{ type: 'text', text: message.text }] : [];
  for (const s of segments) {
    if (!isObject(s)) continue;
    if (s.type === 'text' && typeof s.text === 'string') parts.push({ type: 'text', content: s.text });
    else if (s.type === 'thinking') parts.push(str(s.text) ? { type: 'reasoning', content: str(s.text)! } : { type: 'reasoning', content: '', redacted: true });
    else if (s.type === 'RedactedThinking') parts.push({ type: 'reasoning', content: '', redacted: true });
    else {
      b.unknown.add(`segment ${str(s.type) ?? '(untyped)'}`);
      parts.push({ type: 'generic', kind: str(s.type) ?? 'segment', content: JSON.stringify(s) });
    }
  }
  let calls = 0;
  for (const use of arr(message.tool_uses)) {
    if (!isObject(use)) continue;
    const callId = b.callId(str(use.id), `${id}#call${calls++}`);
    parts.push({ type: 'tool_call', id: callId, name: str(use.name) ?? 'tool', arguments: JSON.stringify(use.input ?? {}) });
  }
  const context = str(message.context);
  // 0.1.0 sent tool results back in a user message of their own: Zed wrote it, not the person.
  const carriesResults = arr(message.tool_results).length > 0;
  if (role === 'user' && message.is_hidden !== true && !carriesResults) {
    const typed = parts.filter((p) => p.type !== 'tool_call');
    if (context?.trim()) typed.push({ type: 'generic', kind: 'context', content: context });
    if (typed.some((p) => p.type === 'text' && p.content.trim())) b.typed(id, typed, message);
    else b.push(id, 'system', typed, message, 'context');
  } else if (role === 'assistant') b.push(id, 'assistant', parts, message);
  else b.push(id, 'system', parts, message, role !== 'user' ? 'system-prompt' : carriesResults ? 'tool-results' : 'hidden');
  const results = arr(message.tool_results).flatMap((r) => {
    if (!isObject(r)) return [];
    const useId = str(r.tool_use_id) ?? '';
    return b.toolResult(b.answered(useId), r.is_error === true, r.content);
  });
  b.push(`${id}#results`, 'tool', results, message);
}
