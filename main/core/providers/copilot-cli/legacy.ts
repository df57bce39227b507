/**
 * The legacy single-object session (`~/.copilot/history-session-state/*.json`, Copilot CLI 0.0.x,
 * 2025): `{sessionId, startTime, chatMessages, timeline}`. The `timeline` is what the person saw
 * (`info`, `user`, `copilot`, `tool_call_requested`, `tool_call_completed`, …); `chatMessages`
 * (OpenAI chat format) is what the model saw and is read only when there is no timeline.
 */
import type { Part } from '../../../../shared/record';
import { arr, asText, isObject, obj, str, type Json } from '../kit/json';
import type { CopilotState } from './state';
import type { Line, Thread } from './thread';

export function readLegacy(s: CopilotState, session: Json): void {
  s.session.id = str(session.sessionId);
  s.session.startedAt = str(session.startTime);
  s.seen(s.session.startedAt);
  const timeline = arr(session.timeline);
  if (timeline.length) timeline.forEach((item, i) => timelineItem(s, s.main, item, i));
  else arr(session.chatMessages).forEach((item, i) => chatMessage(s, s.main, item, i));
}

function lineOf(item: Json, index: number, prefix: string): Line {
  return { lineNo: index + 1, raw: JSON.stringify(item), id: str(item.id) ?? `${prefix}${index}`, timestamp: str(item.timestamp) };
}

function timelineItem(s: CopilotState, t: Thread, raw: unknown, index: number): void {
  if (!isObject(raw)) {
    s.warn(undefined, `Timeline item ${index} is not an object; skipped`);
    return;
  }
  const line = lineOf(raw, index, 'T');
  s.seen(line.timestamp);
  const type = str(raw.type) ?? '(untyped)';
  const text = str(raw.text) ?? '';
  switch (type) {
    case 'user':
      t.push(line, 'user', text ? [{ type: 'text', content: text }] : [], text.trimStart().startsWith('/') ? 'slash-command' : undefined);
      return;
    case 'copilot':
      t.pushAssistant(line, text ? [{ type: 'text', content: text }] : [], undefined);
      return;
    case 'info':
    case 'warning':
    case 'error':
      t.push(line, 'system', [{ type: 'text', content: text }], type === 'error' ? 'api-error' : type);
      return;
    case 'tool_call_requested':
    case 'tool_call_completed':
      return legacyTool(t, line, raw, type === 'tool_call_completed');
  }
  s.unknownTypes.add(`timeline:${type}`);
  t.push(line, 'system', [{ type: 'generic', kind: type, content: line.raw }], 'unknown');
}

function legacyTool(t: Thread, line: Line, item: Json, completed: boolean): void {
  const id = str(item.callId) ?? line.id!;
  if (!t.callMessages.has(id)) {
    const call: Part = { type: 'tool_call', id, name: str(item.name) ?? 'tool', arguments: asText(item.arguments ?? {}) };
    t.pushAssistant(line, [call], undefined);
  }
  if (!completed) return;
  const result = obj(item.result);
  const part: Part = { type: 'tool_call_response', id, response: asText(result?.log ?? result?.content ?? item.result) };
  if (result && str(result.type) !== 'success') part.isError = true;
  t.push({ ...line, id: `${line.id}.result` }, 'tool', [part]);
}

/** OpenAI-style chat messages: `{role, content, tool_calls?, tool_call_id?}`. */
function chatMessage(s: CopilotState, t: Thread, raw: unknown, index: number): void {
  if (!isObject(raw)) return;
  const line = lineOf(raw, index, 'C');
  const role = str(raw.role) ?? '';
  const content = asText(raw.content);
  if (role === 'user') {
    t.push(line, 'user', content ? [{ type: 'text', content }] : []);
  } else if (role === 'assistant') {
    const parts: Part[] = content ? [{ type: 'text', content }] : [];
    arr(raw.tool_calls).forEach((call, i) => {
      const fn = obj(obj(call)?.function);
      parts.push({ type: 'tool_call', id: str(obj(call)?.id) ?? `call_C${index}_${i}`, name: str(fn?.name) ?? 'tool', arguments: asText(fn?.arguments ?? '') });
    });
    t.pushAssistant(line, parts, undefined);
  } else if (role === 'tool') {
    t.push(line, 'tool', [{ type: 'tool_call_response', id: str(raw.tool_call_id) ?? `call_C${index}`, response: content }]);
  } else if (role === 'system') {
    t.push(line, 'system', [{ type: 'text', content }], 'system-prompt');
  } else {
    s.unknownTypes.add(`chatMessages:${role || '(no role)'}`);
    t.push(line, 'system', [{ type: 'generic', kind: role || 'message', content: line.raw }], 'unknown');
  }
}
