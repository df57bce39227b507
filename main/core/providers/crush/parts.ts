/**
 * Crush message parts onto record parts. `messages.parts` is a JSON array of `{type, data}`
 * (charmbracelet/crush `internal/message/message.go` marshalParts, `content.go`): `text`
 * `{text}`, `reasoning` `{thinking, signature, …}`, `image_url` `{url, detail}`, `binary`
 * `{Path, MIMEType, Data}` (Go field names, `Data` base64), `tool_call` `{id, name, input,
 * provider_executed, finished}`, `tool_result` `{tool_call_id, name, content, data, mime_type,
 * metadata, is_error}`, `finish` `{reason, time, message, details}`, `shell_command`
 * `{command, output, exit_code}`.
 */
import type { Part } from '../../../../shared/record';
import { isObject, num, obj, str, type Json } from '../kit/json';

export interface Sorted {
  readonly said: Part[];
  readonly results: Part[];
  /** A turn that ended in an error or was cancelled: what Crush showed. */
  readonly stop?: { readonly kind: 'interrupt' | 'api-error' | 'refusal'; readonly text: string };
}

export function sortParts(items: readonly unknown[], unknown: Set<string>): Sorted {
  const said: Part[] = [];
  const results: Part[] = [];
  let stop: Sorted['stop'];
  for (const item of items) {
    if (!isObject(item)) continue;
    const type = str(item.type) ?? '(none)';
    const d = obj(item.data) ?? {};
    switch (type) {
      case 'text':
        if (str(d.text)?.trim()) said.push({ type: 'text', content: str(d.text)! });
        break;
      case 'reasoning':
        if (str(d.thinking)?.trim()) said.push({ type: 'reasoning', content: str(d.thinking)! });
        else if (str(d.signature) || d.responses_data) said.push({ type: 'reasoning', content: '', redacted: true });
        break;
      case 'image_url':
        said.push(imageUrl(str(d.url) ?? ''));
        break;
      case 'binary': {
        // An attached file: its path (as Crush shows it) and its bytes. A long paste is attached as
        // `paste_<n>.txt` (the UI's paste handler): what the person pasted, kept as text.
        const file = str(d.Path);
        if (file) said.push({ type: 'generic', kind: 'file', content: file });
        const pasted = file && PASTE.test(file) && (str(d.MIMEType) ?? 'text/plain').startsWith('text/') ? Buffer.from(str(d.Data) ?? '', 'base64').toString('utf8') : undefined;
        said.push(pasted !== undefined ? { type: 'text', content: pasted } : binary(str(d.MIMEType), str(d.Data)));
        break;
      }
      case 'tool_call':
        said.push({ type: 'tool_call', id: str(d.id) ?? 'call', name: str(d.name) ?? 'tool', arguments: str(d.input) ?? '{}' });
        break;
      case 'tool_result':
        results.push(toolResult(d));
        if (str(d.data) && str(d.mime_type)) results.push(binary(str(d.mime_type), str(d.data)));
        break;
      case 'finish': {
        const reason = str(d.reason);
        if (reason === 'canceled' || reason === 'error') {
          const text = [str(d.message), str(d.details)].filter(Boolean).join(': ') || (reason === 'canceled' ? 'Canceled' : 'Error');
          stop = { kind: reason === 'canceled' ? 'interrupt' : 'api-error', text };
        } else if (reason === 'content_filter') {
          // The provider refused (FinishReasonContentFilter): Crush shows it, often with no text.
          stop = { kind: 'refusal', text: [str(d.message), str(d.details)].filter(Boolean).join(': ') || 'The model refused to answer (content filter)' };
        }
        break;
      }
      case 'shell_command':
        said.push({ type: 'generic', kind: 'shell-command', content: `$ ${str(d.command) ?? ''}\n${str(d.output) ?? ''}${num(d.exit_code) ? `\n(exit ${num(d.exit_code)})` : ''}` });
        break;
      default:
        unknown.add(type);
        said.push({ type: 'generic', kind: type, content: JSON.stringify(item) });
    }
  }
  return { said, results, stop };
}

const PASTE = /^paste_\d+\.txt$/;

function toolResult(d: Json): Part {
  const part: Part = { type: 'tool_call_response', id: str(d.tool_call_id) ?? 'call', response: str(d.content) ?? '' };
  if (d.is_error === true) part.isError = true;
  return part;
}

function imageUrl(url: string): Part {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) return { type: 'blob', modality: 'image', mimeType: data[1], content: data[2] };
  return { type: 'generic', kind: 'image-url', content: url };
}

function binary(mimeType = 'application/octet-stream', data = ''): Part {
  const modality = mimeType.startsWith('image/') ? 'image' : mimeType.startsWith('audio/') ? 'audio' : mimeType.startsWith('video/') ? 'video' : 'file';
  return { type: 'blob', modality, mimeType, content: data };
}
