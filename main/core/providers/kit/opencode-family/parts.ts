/** Maps single OpenCode parts (file attachments, tool states, errors) onto record parts. */
import type { Part } from '../../../../../shared/record';
import { asText, isObject, obj, str, type Json } from '../json';

/** `file` parts: data URLs become blobs; file:// and other URLs stay as labelled references. */
export function filePart(part: Json): Part {
  const mime = str(part.mime) ?? 'application/octet-stream';
  const url = str(part.url) ?? '';
  const data = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (data && data[2]) {
    return { type: 'blob', modality: modalityOf(data[1] || mime), mimeType: data[1] || mime, content: data[3] };
  }
  const name = str(part.filename) ?? str(obj(part.source)?.path) ?? url;
  const label = name === url || !url ? name : `${name} (${url})`;
  return { type: 'generic', kind: 'file', content: `${label} [${mime}]` };
}

function modalityOf(mime: string): 'image' | 'audio' | 'video' | 'file' {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'file';
}

export interface ToolOutcome {
  readonly call: Part;
  /** Absent while the tool was still pending/running when the session stopped. */
  readonly response?: Part;
  /** Files the tool returned (images read by the read tool, …). */
  readonly attachments: Part[];
}

/** A `tool` part holds the call and its result together: `state.status` says which exist. */
export function toolOutcome(part: Json, id: string): ToolOutcome {
  const state = obj(part.state) ?? {};
  const status = str(state.status);
  const input = state.input;
  const raw = str(state.raw);
  const args = input !== undefined && !(isObject(input) && Object.keys(input).length === 0 && raw) ? asText(input) : (raw ?? '{}');
  const call: Part = { type: 'tool_call', id, name: str(part.tool) ?? 'tool', arguments: args };
  const attachments = Array.isArray(state.attachments) ? state.attachments.filter(isObject).map(filePart) : [];
  if (status === 'completed') {
    return { call, response: { type: 'tool_call_response', id, response: asText(state.output) }, attachments };
  }
  if (status === 'error') {
    // What the tool printed before it failed or was stopped came with the error (1.x keeps it in
    // `metadata.output`; 2.x in its content, which sqlite-v2.ts reads as `output`).
    const printed = str(state.output) ?? str(obj(state.metadata)?.output);
    const error = isObject(state.error) ? errorText(state.error) : asText(state.error);
    return { call, response: { type: 'tool_call_response', id, response: printed?.trim() ? `${printed}\n\n${error}` : error, isError: true }, attachments };
  }
  return { call, attachments };
}

/** `info.error` on an assistant message, or a tool's error object. */
export function errorText(error: Json): string {
  // 1.x: `{name, data: {message}}`; 2.x: `{type, message}` (`provider.auth`, `aborted`, `tool.execution`…).
  const name = str(error.name) ?? str(error.type) ?? 'Error';
  const message = str(obj(error.data)?.message) ?? str(error.message);
  return message ? `${name}: ${message}` : name;
}

/** A `retry` part: the API error the agent retried after. */
export function retryText(part: Json): string {
  const error = obj(part.error);
  const attempt = typeof part.attempt === 'number' ? ` (attempt ${part.attempt})` : '';
  return `${error ? errorText(error) : 'Retry'}${attempt}`;
}

/** `subtask` parts: the command, agent and description as a label, then the prompt it was given. */
export function subtaskParts(d: Json): Part[] {
  const label = [str(d.command) ? `/${str(d.command)}` : undefined, str(d.agent) ? `@${str(d.agent)}` : undefined, str(d.description)]
    .filter(Boolean)
    .join(' ');
  const parts: Part[] = [];
  if (label) parts.push({ type: 'generic', kind: 'subtask', content: label });
  const prompt = str(d.prompt);
  if (prompt?.trim()) parts.push({ type: 'text', content: prompt });
  return parts;
}
