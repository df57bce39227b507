/**
 * One `chat_history.jsonl` line → normalized parts. The line is a serialized
 * `ConversationItem` of the Grok CLI (xAI "grok-build", crate xai-grok-inference-types,
 * src/conversation.rs): internally tagged by `type` — `system`, `user`, `assistant`,
 * `tool_result`, `backend_tool_call`, `reasoning`.
 */
import type { BlobPart, Part } from '../../../../shared/record';
import { isObject, str, type Json } from '../kit/json';

export const ITEM_TYPES = new Set(['system', 'user', 'assistant', 'tool_result', 'backend_tool_call', 'reasoning']);

/**
 * `synthetic_reason` on a user item: the runtime wrote it, not the person — except an
 * interjection, which the person typed (Ctrl+Enter) while the model was working.
 */
export const SYNTHETIC_KINDS: Readonly<Record<string, string>> = {
  compaction_meta: 'compaction-summary',
  system_reminder: 'reminder',
  project_instructions: 'user-instructions',
  auto_continue: 'auto-continue',
  auto_recovery: 'auto-recovery',
  task_completed: 'task-notification',
  subagent_completed: 'task-notification',
  notification_drain: 'task-notification',
  goal_summary: 'goal',
  goal_classifier_nudge: 'goal',
  scheduler_fired: 'scheduled-prompt',
  stop_hook_feedback: 'hook',
  working_directory_switch: 'environment-context',
};

/** Whole-message tags the runtime injects as plain user items (the `<user_info>` preamble). */
const INJECTED_TAG = /^\s*<(user_info|system-reminder|system_reminder|environment_context|project_instructions)>[\s\S]*<\/\1>\s*$/;

export function userParts(item: Json): { parts: Part[]; text: string } {
  const parts: Part[] = [];
  const texts: string[] = [];
  const content = item.content;
  if (typeof content === 'string') {
    parts.push({ type: 'text', content });
    texts.push(content);
  } else if (Array.isArray(content)) {
    for (const c of content) {
      if (!isObject(c)) continue;
      if (c.type === 'text' && typeof c.text === 'string') {
        parts.push({ type: 'text', content: c.text });
        texts.push(c.text);
      } else if (c.type === 'image' || c.type === 'image_url') {
        const url = str(c.url) ?? str(isObject(c.image_url) ? c.image_url.url : undefined);
        if (url) parts.push(imagePart(url));
      } else parts.push({ type: 'generic', kind: str(c.type) ?? 'content', content: JSON.stringify(c) });
    }
  }
  return { parts, text: texts.join('\n') };
}

/** The kind a user item is injected as, or undefined when the person typed it. */
export function injectedKind(item: Json, text: string): string | undefined {
  const reason = str(item.synthetic_reason);
  if (reason && reason !== 'interjection') return SYNTHETIC_KINDS[reason] ?? reason.replace(/_/g, '-');
  const tag = INJECTED_TAG.exec(text);
  return tag ? tag[1].replace(/_/g, '-') : undefined;
}

export function assistantParts(item: Json): Part[] {
  const parts: Part[] = [];
  // Sessions written before reasoning became its own item carry it on the assistant item.
  const legacy = isObject(item.reasoning) ? item.reasoning : undefined;
  if (legacy) {
    const text = str(legacy.text);
    if (text?.trim()) parts.push({ type: 'reasoning', content: text });
    else if (str(legacy.encrypted)) parts.push({ type: 'reasoning', content: '', redacted: true });
  }
  const content = typeof item.content === 'string' ? item.content : undefined;
  if (content?.trim()) parts.push({ type: 'text', content });
  if (Array.isArray(item.tool_calls)) {
    for (const call of item.tool_calls) {
      if (!isObject(call)) continue;
      // Chat-completions shape {id, function:{name, arguments}} as well as grok's {id, name, arguments}.
      const fn = isObject(call.function) ? call.function : call;
      const args = fn.arguments;
      parts.push({
        type: 'tool_call',
        id: str(call.id) ?? '',
        name: str(fn.name) ?? 'tool',
        arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      });
    }
  }
  return parts;
}

/** A Responses-API reasoning item: raw `content` text, else `summary` text, else encrypted only. */
export function reasoningPart(item: Json): Part | undefined {
  const join = (v: unknown): string =>
    Array.isArray(v) ? v.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).filter(Boolean).join('\n') : '';
  const text = join(item.content) || join(item.summary);
  if (text.trim()) return { type: 'reasoning', content: text };
  if (str(item.encrypted_content)) return { type: 'reasoning', content: '', redacted: true };
  return undefined;
}

/** A tool the xAI backend ran itself (web_search, x_search, code_interpreter): a call with no client result. */
export function backendToolCall(item: Json, fallbackId: string): Part {
  const kind = isObject(item.kind) ? item.kind : {};
  const name = str(kind.tool_type) ?? 'backend_tool';
  const { tool_type: _t, ...rest } = kind;
  const args = isObject(rest.action) ? rest.action : str(rest.input) ?? str(rest.code) ?? rest;
  return { type: 'tool_call', id: str(kind.id) ?? fallbackId, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

export function toolResultParts(item: Json): Part[] {
  const response = typeof item.content === 'string' ? item.content : JSON.stringify(item.content ?? '');
  const parts: Part[] = [{ type: 'tool_call_response', id: str(item.tool_call_id) ?? '', response }];
  if (Array.isArray(item.images)) {
    for (const img of item.images) {
      const url = isObject(img) ? str(img.url) : undefined;
      if (url) parts.push(imagePart(url));
    }
  }
  return parts;
}

const DATA_URL = /^data:([^;,]+);base64,/;

function imagePart(url: string): Part {
  const m = DATA_URL.exec(url);
  if (!m) return { type: 'generic', kind: 'image-url', content: url };
  const blob: BlobPart = { type: 'blob', modality: 'image', mimeType: m[1], content: url.slice(m[0].length) };
  return blob;
}
