/**
 * Accumulates one Cursor conversation from its messages (transcript lines or store blobs).
 * Content blocks come in two dialects: Anthropic-style in transcripts (`text`, `tool_use`,
 * `tool_result`, `thinking`) and AI-SDK-style in the chat store (`text`, `reasoning`,
 * `tool-call`, `tool-result`, `image`). Both are read here.
 */
import type { Message, ParseWarning, Part, Role } from '../../../../shared/record';
import { arr, asText, isObject, str, type Json } from '../kit/json';
import { contextKind, splitQuery, workspacePath } from './query';

export interface Source {
  /** `L<line>` for transcripts, `M<index>` for store messages. */
  readonly key: string;
  readonly raw: string;
  readonly lineNo?: number;
}

export class CursorBuilder {
  readonly warnings: ParseWarning[] = [];
  readonly messages: Message[] = [];
  readonly unknown = new Set<string>();
  cwd?: string;
  private sawQuery = false;
  /** Plain user text with no `<user_query>`: typed prompts only if the file never wraps one. */
  private readonly plainUser: Message[] = [];
  /** Calls without a result yet, for results that carry no id. */
  private readonly pendingCalls: string[] = [];
  private readonly usedIds = new Set<string>();

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  message(src: Source, role: string, content: unknown): void {
    const blocks: Json[] = typeof content === 'string' ? [{ type: 'text', text: content }] : arr(content).filter(isObject);
    if (role === 'user') return this.user(src, blocks);
    if (role === 'assistant') return this.assistant(src, blocks);
    if (role === 'tool') {
      this.push(src, 'tool', blocks.flatMap((b, i) => this.resultParts(b, src, i)));
      return;
    }
    if (role === 'system') {
      this.push(src, 'system', blocks.map((b, i) => this.part(b, src, i)), 'system-prompt');
      return;
    }
    this.unknown.add(`role:${role || '(none)'}`);
    this.push(src, 'system', [{ type: 'generic', kind: role || 'message', content: src.raw }], 'unknown');
  }

  finish(): Message[] {
    if (!this.sawQuery) {
      for (const m of this.plainUser) {
        m.role = 'user';
        delete m.kind;
      }
    }
    if (this.unknown.size) this.warn(undefined, `Unknown Cursor record types kept as generic: ${[...this.unknown].sort().join(', ')}`);
    return this.messages;
  }

  /** Context and query are split apart: context → `system`, each query → `user`. Tool results → `tool`. */
  private user(src: Source, blocks: Json[]): void {
    const results: Part[] = [];
    const other: Part[] = [];
    blocks.forEach((block, i) => {
      const type = str(block.type);
      if (type === 'tool_result' || type === 'tool-result') {
        results.push(...this.resultParts(block, src, i));
        return;
      }
      if (type !== 'text') {
        other.push(this.part(block, src, i));
        return;
      }
      const text = str(block.text) ?? '';
      this.cwd ??= workspacePath(text);
      const split = splitQuery(text);
      if (!split) {
        const m = this.push(src, 'system', [{ type: 'text', content: text }], contextKind(text));
        if (!text.trimStart().startsWith('<')) this.plainUser.push(m);
        return;
      }
      this.sawQuery = true;
      if (split.context) this.push(src, 'system', [{ type: 'text', content: split.context }], contextKind(split.context));
      for (const q of split.queries) this.push(src, 'user', [{ type: 'text', content: q }], q.trimStart().startsWith('/') ? 'slash-command' : undefined);
    });
    if (results.length) this.push(src, 'tool', results);
    if (other.length) {
      // Images and files go with the prompt they were sent with.
      const last = this.messages[this.messages.length - 1];
      if (last && last.role === 'user' && last.native === src.raw) last.parts.push(...other);
      else this.push(src, 'system', other, 'attachment');
    }
  }

  private assistant(src: Source, blocks: Json[]): void {
    const parts: Part[] = [];
    const results: Part[] = [];
    blocks.forEach((block, i) => {
      const type = str(block.type);
      if (type === 'tool_result' || type === 'tool-result') results.push(...this.resultParts(block, src, i));
      else parts.push(this.part(block, src, i));
    });
    if (parts.length) this.push(src, 'assistant', parts);
    if (results.length) this.push(src, 'tool', results);
  }

  private part(block: Json, src: Source, index: number): Part {
    const type = str(block.type) ?? '(untyped)';
    switch (type) {
      case 'text':
        return { type: 'text', content: str(block.text) ?? '' };
      case 'reasoning':
      case 'thinking': {
        const text = str(block.text) ?? str(block.thinking) ?? '';
        return text ? { type: 'reasoning', content: text } : { type: 'reasoning', content: '', redacted: true };
      }
      case 'redacted_thinking':
      case 'redacted-reasoning':
        return { type: 'reasoning', content: '', redacted: true };
      case 'tool_use':
      case 'tool-call': {
        // Transcript tool_use blocks carry no id: one is made from the position, stable across reads.
        const id = str(block.id) ?? str(block.toolCallId) ?? `cursor_${src.key}_${index}`;
        this.pendingCalls.push(id);
        return { type: 'tool_call', id, name: str(block.name) ?? str(block.toolName) ?? 'tool', arguments: asText(block.input ?? block.args ?? {}) };
      }
      case 'image':
      case 'file':
        return mediaPart(block);
    }
    this.unknown.add(`block:${type}`);
    return { type: 'generic', kind: type, content: JSON.stringify(block) };
  }

  private resultParts(block: Json, src: Source, index: number): Part[] {
    let id = str(block.tool_use_id) ?? str(block.toolCallId);
    if (id) {
      const at = this.pendingCalls.indexOf(id);
      if (at >= 0) this.pendingCalls.splice(at, 1);
    } else {
      id = this.pendingCalls.shift() ?? `cursor_${src.key}_${index}`;
    }
    const value = block.content ?? block.result ?? block.output;
    const part: Part = { type: 'tool_call_response', id, response: resultText(value) };
    if (block.is_error === true || block.isError === true) part.isError = true;
    return [part];
  }

  private push(src: Source, role: Role, parts: Part[], kind?: string): Message {
    let id = src.key;
    for (let n = 1; this.usedIds.has(id); n += 1) id = `${src.key}.${n}`;
    this.usedIds.add(id);
    const message: Message = { id, role, parts, native: src.raw, source: 0 };
    if (kind) message.kind = kind;
    this.messages.push(message);
    return message;
  }
}

/** A result is a string, an array of text items, or (AI SDK) `{type:'text'|'json', value}`. */
function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (isObject(v) && typeof v.text === 'string' ? v.text : asText(v))).join('\n');
  if (isObject(value) && (value.type === 'text' || value.type === 'json') && 'value' in value) return asText(value.value);
  return asText(value);
}

function mediaPart(block: Json): Part {
  const source = isObject(block.source) ? block.source : undefined;
  const data = str(source?.data) ?? str(block.image) ?? str(block.data);
  const mimeType = str(source?.media_type) ?? str(block.mimeType) ?? str(block.mediaType) ?? (block.type === 'image' ? 'image/png' : 'application/octet-stream');
  const dataUrl = data ? /^data:([^;,]+);base64,(.*)$/s.exec(data) : null;
  if (dataUrl) return { type: 'blob', modality: dataUrl[1].startsWith('image/') ? 'image' : 'file', mimeType: dataUrl[1], content: dataUrl[2] };
  if (data && /^[A-Za-z0-9+/=\s]+$/.test(data.slice(0, 200))) return { type: 'blob', modality: mimeType.startsWith('image/') ? 'image' : 'file', mimeType, content: data };
  return { type: 'generic', kind: `${str(block.type)}-ref`, content: JSON.stringify(block) };
}
