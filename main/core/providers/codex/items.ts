/** `response_item` records: what the model saw and said, one message per item. */
import type { Part } from '../../../../shared/record';
import type { CodexBuilder, Line } from './builder';
import { contentParts, contentText } from './content';
import { injectedKind } from './injected';
import { interAgentMessage } from './thread-records';
import { arr, isObject, str, type Json } from '../kit/json';
import { generatedImageParts, toolCallPart, toolOutputParts, TOOL_CALL_TYPES, TOOL_OUTPUT_TYPES } from './tools';

/** Items that hold nothing a reader needs (undo snapshots of the git tree). */
const IGNORED_ITEMS = new Set(['ghost_snapshot']);

export function handleResponseItem(b: CodexBuilder, line: Line, payload: Json): void {
  const type = str(payload.type) ?? '';
  if (type === 'message') return handleMessage(b, line, payload);
  if (type === 'reasoning') return handleReasoning(b, line, payload);
  if (TOOL_CALL_TYPES.has(type)) return handleToolCall(b, line, payload, type);
  if (TOOL_OUTPUT_TYPES.has(type)) {
    b.push(line, 'tool', toolOutputParts(payload, type, b.lineKey(line)));
    return;
  }
  if (type === 'compaction' || type === 'compaction_summary' || type === 'context_compaction') {
    // Remote compaction keeps only an encrypted summary (`context_compaction`: maybe none); the event beside it says it happened.
    const parts: Part[] = type === 'context_compaction' && !payload.encrypted_content ? [{ type: 'text', content: 'Context compacted' }] : [{ type: 'reasoning', content: '', redacted: true }];
    b.pushPaired(line, 'compaction-summary', 'item', parts);
    return;
  }
  if (type === 'agent_message') return interAgentMessage(b, line, payload);
  if (IGNORED_ITEMS.has(type)) return;
  b.pushUnknown(line, `response_item:${type || '(none)'}`);
}

function handleMessage(b: CodexBuilder, line: Line, payload: Json): void {
  const role = str(payload.role);
  const parts = contentParts(payload.content);
  if (role === 'assistant') {
    b.pushAssistantItem(line, parts);
  } else if (role === 'user') {
    const text = contentText(payload.content);
    const kind = injectedKind(text);
    if (kind === 'interrupt') b.pushPaired(line, 'interrupt', 'item', parts, true);
    else b.pushUserItem(line, text, parts, kind);
  } else {
    // developer / system: instructions Codex adds (permissions, collaboration mode, plugins).
    b.push(line, 'system', parts, role === 'developer' ? 'developer' : 'system-prompt');
  }
}

/**
 * Reasoning keeps a visible summary (summary[] of summary_text), sometimes raw content, and an
 * encrypted blob. Only the encrypted blob → a redacted part; nothing at all → no message.
 */
function handleReasoning(b: CodexBuilder, line: Line, payload: Json): void {
  const summary = arr(payload.summary)
    .map((s) => (isObject(s) ? (str(s.text) ?? '') : typeof s === 'string' ? s : ''))
    .filter((s) => s.trim() !== '')
    .join('\n\n');
  const text = summary || contentText(payload.content);
  let part: Part;
  if (text.trim()) part = { type: 'reasoning', content: text };
  else if (payload.encrypted_content) part = { type: 'reasoning', content: '', redacted: true };
  else return;
  b.push(line, 'assistant', [part]);
}

function handleToolCall(b: CodexBuilder, line: Line, payload: Json, type: string): void {
  const call = toolCallPart(payload, type, b.lineKey(line));
  b.push(line, 'assistant', [call]);
  if (type === 'image_generation_call') {
    const result = generatedImageParts(payload, call.id);
    if (result.length) b.push(line, 'tool', result);
  }
}
