/**
 * Hermes `messages` rows → messages. `content` is text, or — for multimodal content —
 * `"\u0000json:"` + the JSON of OpenAI content parts (`{type:"text",text}`,
 * `{type:"image_url",image_url:{url}}`); `tool_calls` the JSON of OpenAI tool calls
 * (`[{id, type:"function", function:{name, arguments}}]`).
 * - `user` → typed prompt, except rows Hermes wrote itself: `display_kind` `hidden` (model-facing
 *   scaffolding), `_compressed_summary` (a compaction summary), the background-review harness
 *   prompts (hermes_state.py `_REVIEW_HARNESS_PREFIXES`);
 * - `assistant` → reasoning (`reasoning`, `reasoning_content`), text, tool calls;
 * - `tool` → the result of `tool_call_id`; `system` → system message.
 * Rows a compaction or rewind retired (`active` 0) are kept: they are what the person saw.
 */
import type { Message, Part, Role } from '../../../../shared/record';
import { arr, isObject, isoFromEpoch, obj, str } from '../kit/json';
import { tryParseJson } from '../kit/parse-json';
import type { Row } from './store';

const CONTENT_JSON_PREFIX = '\u0000json:';
const REVIEW_HARNESS = ['Review the conversation above and update the skill library', 'Review the conversation above and consider saving to memory'];

function contentParts(content: unknown): Part[] {
  if (typeof content !== 'string' || content === '') return [];
  if (!content.startsWith(CONTENT_JSON_PREFIX)) return [{ type: 'text', content }];
  const value = tryParseJson(content.slice(CONTENT_JSON_PREFIX.length));
  if (typeof value === 'string') return [{ type: 'text', content: value }];
  const parts: Part[] = [];
  for (const p of arr(value)) {
    if (!isObject(p)) continue;
    if (p.type === 'text' && typeof p.text === 'string') parts.push({ type: 'text', content: p.text });
    else if (p.type === 'image_url') {
      const url = str(obj(p.image_url)?.url) ?? '';
      const m = /^data:([^;,]+);base64,/.exec(url);
      parts.push(m ? { type: 'blob', modality: 'image', mimeType: m[1], content: url.slice(m[0].length) } : { type: 'generic', kind: 'image-url', content: url });
    } else parts.push({ type: 'generic', kind: str(p.type) ?? 'content', content: JSON.stringify(p) });
  }
  if (!parts.length && value === undefined) parts.push({ type: 'generic', kind: 'content', content });
  return parts;
}

function textOf(parts: readonly Part[]): string {
  return parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}

export interface RowMessages {
  readonly messages: Message[];
  readonly firstPrompt?: string;
  readonly unknown: Set<string>;
}

export function rowMessages(rows: readonly Row[], model: string | undefined): RowMessages {
  const messages: Message[] = [];
  const unknown = new Set<string>();
  const calls = new Set<string>();
  let firstPrompt: string | undefined;
  for (const row of rows) {
    const id = `M${String(row.id)}`;
    const role = str(row.role);
    const native = JSON.stringify(row);
    const push = (r: Role, parts: Part[], kind?: string) => {
      if (!parts.length) return;
      const m: Message = { id, role: r, parts, native, source: 0 };
      const time = isoFromEpoch(row.timestamp);
      if (time) m.timestamp = time;
      if (kind) m.kind = kind;
      if (r === 'assistant' && model) m.model = model;
      messages.push(m);
    };
    const parts = contentParts(row.content);
    switch (role) {
      case 'user': {
        const text = textOf(parts);
        if (row._compressed_summary === 1) push('system', parts, 'compaction-summary');
        else if (row.display_kind === 'hidden') push('system', parts, 'hidden');
        else if (REVIEW_HARNESS.some((prefix) => text.trimStart().startsWith(prefix))) push('system', parts, 'background-review');
        else {
          firstPrompt ??= text;
          push('user', parts);
        }
        break;
      }
      case 'assistant': {
        const reasoning = [str(row.reasoning), str(row.reasoning_content)].filter((t): t is string => !!t?.trim());
        const out: Part[] = [...new Set(reasoning)].map((content) => ({ type: 'reasoning', content }));
        out.push(...parts);
        for (const call of arr(tryParseJson(str(row.tool_calls)))) {
          if (!isObject(call)) continue;
          const fn = obj(call.function) ?? call;
          let callId = str(call.id) ?? `${id}#call${calls.size}`;
          while (calls.has(callId)) callId = `${callId}'`;
          calls.add(callId);
          const args = fn.arguments;
          out.push({ type: 'tool_call', id: callId, name: str(fn.name) ?? 'tool', arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) });
        }
        push('assistant', out);
        break;
      }
      case 'tool':
        push('tool', [{ type: 'tool_call_response', id: str(row.tool_call_id) ?? '', response: textOf(parts) }, ...parts.filter((p) => p.type !== 'text')]);
        break;
      case 'system':
        push('system', parts, row._compressed_summary === 1 ? 'compaction-summary' : 'system-prompt');
        break;
      default:
        unknown.add(role ?? '(no role)');
        push('system', [{ type: 'generic', kind: role ?? 'message', content: native }], 'unknown');
    }
  }
  return { messages, firstPrompt, unknown };
}
