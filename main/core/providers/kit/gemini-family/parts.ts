/**
 * Gemini API content (`PartListUnion`: a string, a Part, or a list of them) as normalized parts.
 * Shared by Gemini CLI and Qwen Code, which store the API's own Content in their records.
 */
import type { BlobPart, Part, ToolCallResponsePart } from '../../../../../shared/record';
import { arr, asText, isObject, obj, str, type Json } from '../json';

/** Unknown part shapes seen while converting, named once per file in a warning. */
export type UnknownSink = Set<string>;

export function partList(content: unknown): unknown[] {
  if (content === undefined || content === null) return [];
  return Array.isArray(content) ? content : [content];
}

/** The plain text of a content value (text parts only, thoughts excluded), as the CLI joins it. */
export function contentText(content: unknown): string {
  let out = '';
  for (const part of partList(content)) {
    if (typeof part === 'string') out += part;
    else if (isObject(part) && typeof part.text === 'string' && part.thought !== true) out += part.text;
  }
  return out;
}

/** True when the content holds at least one text part (string or `{text}`). */
export function hasTextPart(content: unknown): boolean {
  return partList(content).some((p) => typeof p === 'string' || (isObject(p) && typeof p.text === 'string' && p.thought !== true));
}

/**
 * Converts content to parts in order. `callIdBase` names function calls that carry no id
 * (older files), so every tool_call still has a stable, unique id.
 */
export function convertParts(content: unknown, callIdBase: string, unknown: UnknownSink): Part[] {
  const parts: Part[] = [];
  partList(content).forEach((raw, index) => {
    if (typeof raw === 'string') {
      if (raw) parts.push({ type: 'text', content: raw });
      return;
    }
    if (!isObject(raw)) return;
    const converted = convertPart(raw, `${callIdBase}:${index}`, unknown);
    if (converted) parts.push(...converted);
  });
  return parts;
}

function convertPart(part: Json, fallbackId: string, unknown: UnknownSink): Part[] | undefined {
  if (typeof part.text === 'string') {
    if (part.thought === true) return [{ type: 'reasoning', content: part.text }];
    return part.text ? [{ type: 'text', content: part.text }] : [];
  }
  const call = obj(part.functionCall);
  if (call) {
    return [{ type: 'tool_call', id: str(call.id) ?? fallbackId, name: str(call.name) ?? 'unknown', arguments: argsText(call.args) }];
  }
  const response = obj(part.functionResponse);
  if (response) return functionResponseParts(response, fallbackId);
  const inline = obj(part.inlineData);
  if (inline) return [blob(str(inline.mimeType), str(inline.data) ?? '')];
  const file = obj(part.fileData);
  if (file) return [{ type: 'generic', kind: 'file-data', content: `${str(file.mimeType) ?? ''} ${str(file.fileUri) ?? ''}`.trim() }];
  const code = obj(part.executableCode);
  if (code) return [{ type: 'generic', kind: 'executable-code', content: asText(code.code) }];
  const result = obj(part.codeExecutionResult);
  if (result) return [{ type: 'generic', kind: 'code-execution-result', content: asText(result.output) }];
  // A bare thought signature (kept by the API for replay) carries nothing to read.
  if ('thoughtSignature' in part && Object.keys(part).every((k) => k === 'thoughtSignature' || k === 'thought')) return [];
  const keys = Object.keys(part).sort().join('+') || '(empty)';
  unknown.add(`part:${keys}`);
  return [{ type: 'generic', kind: `part:${keys}`, content: JSON.stringify(part) }];
}

/** Arguments as JSON text: objects stringified, a string kept as written. */
export function argsText(args: unknown): string {
  if (typeof args === 'string') return args;
  return JSON.stringify(args ?? {});
}

/** `functionResponse {id, name, response, parts?}` → the response part plus any media it carried. */
export function functionResponseParts(response: Json, fallbackId: string, forceError = false): Part[] {
  const { text, isError } = responseText(response.response);
  const out: ToolCallResponsePart = { type: 'tool_call_response', id: str(response.id) ?? fallbackId, response: text };
  if (isError || forceError) out.isError = true;
  const parts: Part[] = [out];
  for (const extra of arr(response.parts)) {
    const inline = obj(obj(extra)?.inlineData);
    if (inline) parts.push(blob(str(inline.mimeType), str(inline.data) ?? ''));
  }
  return parts;
}

/** The tool's answer as text: `{output}` → the output, `{error}` → the error, else JSON text. */
export function responseText(response: unknown): { text: string; isError: boolean } {
  const r = obj(response);
  if (!r) return { text: asText(response), isError: false };
  const keys = Object.keys(r);
  if (keys.length === 1 && typeof r.output === 'string') return { text: r.output, isError: false };
  if (keys.length === 1 && typeof r.error === 'string') return { text: r.error, isError: true };
  return { text: JSON.stringify(r), isError: r.error !== undefined && r.error !== null && r.error !== '' };
}

export function blob(mimeType: string | undefined, data: string): BlobPart {
  const mime = mimeType ?? 'application/octet-stream';
  const modality = mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'audio' : mime.startsWith('video/') ? 'video' : 'file';
  return { type: 'blob', modality, mimeType: mime, content: data };
}
