/** Copilot event payloads → record parts: user messages, assistant messages, tool results. */
import type { Part, ToolCallPart } from '../../../../shared/record';
import { arr, asText, isObject, num, obj, str, type Json } from '../kit/json';

/** The user's text plus its attachments (files, selections, pasted blobs, GitHub references). */
export function userParts(data: Json, text: string): Part[] {
  const parts: Part[] = text ? [{ type: 'text', content: text }] : [];
  for (const item of arr(data.attachments)) {
    if (isObject(item)) parts.push(attachmentPart(item));
  }
  return parts;
}

function attachmentPart(item: Json): Part {
  const type = str(item.type) ?? 'unknown';
  const data = str(item.data);
  const mimeType = str(item.mimeType);
  if (type === 'blob' && data && mimeType) return { type: 'blob', modality: modalityOf(mimeType), mimeType, content: data };
  if (type === 'file' || type === 'directory') return { type: 'generic', kind: `attachment:${type}`, content: str(item.path) ?? JSON.stringify(item) };
  if (type === 'selection') {
    const file = str(item.filePath) ?? '';
    return { type: 'generic', kind: 'attachment:selection', content: `${file}\n${str(item.text) ?? ''}` };
  }
  return { type: 'generic', kind: `attachment:${type}`, content: JSON.stringify(item) };
}

export function modalityOf(mimeType: string): 'image' | 'audio' | 'video' | 'file' {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'file';
}

/** A tool request as the model wrote it; arguments are an object (JSON) or raw text (custom tools). */
export function toolCallPart(request: Json, fallbackId: string): ToolCallPart {
  return {
    type: 'tool_call',
    id: str(request.toolCallId) ?? fallbackId,
    name: str(request.name) ?? str(request.toolName) ?? 'tool',
    arguments: asText(request.arguments ?? {}),
  };
}

/**
 * `assistant.message` → parts in the order they happened: thinking, the text, the tool calls.
 * Thinking is `reasoningText` when visible; only `reasoningOpaque` / `encryptedContent` means redacted.
 */
export function assistantParts(data: Json, skipReasoning: string | undefined, lineNo: number): Part[] {
  const parts: Part[] = [];
  const reasoning = str(data.reasoningText);
  if (reasoning && reasoning !== skipReasoning) parts.push({ type: 'reasoning', content: reasoning });
  else if (!reasoning && (str(data.reasoningOpaque) || str(data.encryptedContent))) parts.push({ type: 'reasoning', content: '', redacted: true });
  const content = str(data.content);
  if (content) parts.push({ type: 'text', content });
  arr(data.toolRequests).forEach((request, i) => {
    if (isObject(request)) parts.push(toolCallPart(request, `call_L${lineNo}_${i}`));
  });
  return parts;
}

/**
 * `tool.execution_complete` → the response (what the model read), images the tool returned, and
 * the detailed view the person saw (a diff, a full listing) when it differs.
 */
export function toolResultParts(data: Json, callId: string): Part[] {
  const result = obj(data.result);
  const error = obj(data.error);
  const response = result ? asText(result.content) : error ? asText(error.message) : '';
  const part: Part = { type: 'tool_call_response', id: callId, response };
  if (data.success === false || (!result && error)) part.isError = true;
  const parts: Part[] = [part];
  if (result && error) parts.push({ type: 'generic', kind: 'tool-error', content: asText(error.message) });
  const detailed = result ? str(result.detailedContent) : undefined;
  if (detailed && detailed !== response) parts.push({ type: 'generic', kind: 'detailed-content', content: detailed });
  for (const item of arr(result?.contents)) {
    if (!isObject(item)) continue;
    const data64 = str(item.data);
    const mimeType = str(item.mimeType);
    if ((item.type === 'image' || item.type === 'audio') && data64 && mimeType) {
      parts.push({ type: 'blob', modality: modalityOf(mimeType), mimeType, content: data64 });
    } else if (item.type === 'terminal' && num(item.exitCode) !== undefined && num(item.exitCode) !== 0) {
      part.isError = true;
    }
  }
  return parts;
}
