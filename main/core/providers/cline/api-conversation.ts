/**
 * A task's `api_conversation_history.json` read on its own, for a task folder whose
 * `ui_messages.json` is gone: the Anthropic message array Cline (Roo, Kilo) sent to the model.
 * `user` messages carry what the person typed inside the tags Cline wraps it in (`<task>` for
 * the first prompt, `<feedback>` after a rejected tool or a completion, `<answer>` to a follow-up
 * question, `<user_message>` when a task is resumed), next to environment details and tool
 * results; `assistant` messages carry text, thinking and `tool_use` blocks. See README.md.
 */
import type { Conversation, Message, Part, Role } from '../../../../shared/record';
import { isToolUse, textOrReasoningPart } from '../kit/anthropic';
import { seedConversation, titleFrom } from '../kit/identity';
import { arr, isObject, num, obj, str, type Json } from '../kit/json';
import type { ParseContext } from '../kit/provider';
import { lineAt, parseJson } from '../kit/parse-json';
import { taskIdFromPath } from './builder';
import { CWD } from './entries';
import type { RawElement } from './json-array';

/** The tags around typed text, in the order Cline's formatResponse writes them. */
const TYPED = /<(task|feedback|answer|user_message)>\n?([\s\S]*?)\n?<\/\1>/g;

/** An element of an API history: `{role, content}` and not a say/ask entry. */
export function isApiMessage(value: unknown): boolean {
  return isObject(value) && typeof value.role === 'string' && 'content' in value && value.type !== 'say' && value.type !== 'ask';
}

export function readApiConversation(ctx: ParseContext, elements: readonly RawElement[], problem: string | undefined, notes: readonly string[]): Conversation {
  const r = new ApiReader();
  for (const note of notes) r.warn(undefined, note);
  if (problem) r.warn(undefined, `api_conversation_history.json: ${problem}; the messages before it are kept`);
  for (const el of elements) {
    let value: unknown;
    try {
      value = parseJson(el.raw, (note, at) => r.warn(el.line + lineAt(el.raw, at) - 1, note));
    } catch (error) {
      r.warn(el.line, `Unreadable message ${el.index} skipped: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (!isApiMessage(value)) {
      r.warn(el.line, `Message ${el.index} has no role and content; skipped`);
      continue;
    }
    r.message(el, value as Json);
  }
  if (r.unknown.size) r.warn(undefined, `Unknown content blocks kept as generic: ${[...r.unknown].sort().join(', ')}`);
  const times = r.messages.flatMap((m) => (m.timestamp ? [m.timestamp] : []));
  return seedConversation(
    { agent: 'cline', nativeId: taskIdFromPath(ctx.path), ctx, cwd: r.cwd, models: r.models, warnings: r.warnings, messages: r.messages },
    { title: titleFrom(r.firstPrompt), startedAt: times[0], endedAt: times[times.length - 1] },
  );
}

class ApiReader {
  readonly messages: Message[] = [];
  readonly warnings: Conversation['warnings'] = [];
  readonly models = new Set<string>();
  readonly unknown = new Set<string>();
  cwd?: string;
  firstPrompt?: string;
  private readonly usedIds = new Set<string>();

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  message(el: RawElement, m: Json): void {
    const content = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : arr(m.content).filter(isObject);
    const ts = num(m.ts);
    const at = ts !== undefined && !Number.isNaN(new Date(ts).getTime()) ? new Date(ts).toISOString() : undefined;
    const model = str(obj(m.modelInfo)?.modelId);
    if (model) this.models.add(model);
    const push = (role: Role, parts: Part[], kind?: string): Message | undefined => {
      if (!parts.length) return undefined;
      let id = `A${el.index}`;
      for (let n = 1; this.usedIds.has(id); n += 1) id = `A${el.index}.${n}`;
      this.usedIds.add(id);
      const message: Message = { id, role, parts, native: el.raw, source: 0 };
      if (kind) message.kind = kind;
      if (at) message.timestamp = at;
      this.messages.push(message);
      return message;
    };
    if (m.role === 'assistant') return void push('assistant', content.map((b, i) => this.assistantPart(b, el, i)));
    if (m.role !== 'user') {
      this.unknown.add(`role:${str(m.role)}`);
      return void push('system', [{ type: 'generic', kind: str(m.role) ?? 'message', content: el.raw }], 'unknown');
    }
    // User: tool results → `tool`, typed text → `user`, the rest (environment, notices) → `system`.
    let lastPrompt: Message | undefined;
    for (const block of content) {
      if (block.type === 'tool_result') {
        const text = resultText(block.content);
        const part: Part = { type: 'tool_call_response', id: str(block.tool_use_id) ?? `${el.index}`, response: text };
        if (block.is_error === true) part.isError = true;
        push('tool', [part]);
        for (const typed of typedIn(text)) lastPrompt = this.prompt(push, typed);
      } else if (block.type === 'text') {
        const text = str(block.text) ?? '';
        this.cwd ??= CWD.exec(text)?.[1].trim();
        const typed = typedIn(text);
        const rest = typed.length ? text.replace(TYPED, '').trim() : text;
        if (!typed.length && !this.firstPrompt && !/^\s*[<[]/.test(text)) {
          lastPrompt = this.prompt(push, text);
          continue;
        }
        if (rest) push('system', [{ type: 'text', content: rest }], contextKind(rest));
        for (const t of typed) lastPrompt = this.prompt(push, t);
      } else if (block.type === 'image') {
        const part = imagePart(block);
        if (lastPrompt) lastPrompt.parts.push(part);
        else push('system', [part], 'attachment');
      } else {
        this.unknown.add(`block:${str(block.type) ?? '(untyped)'}`);
        push('system', [{ type: 'generic', kind: str(block.type) ?? 'block', content: JSON.stringify(block) }], 'unknown');
      }
    }
  }

  private prompt(push: (role: Role, parts: Part[], kind?: string) => Message | undefined, text: string): Message | undefined {
    this.firstPrompt ??= text;
    return push('user', [{ type: 'text', content: text }]);
  }

  private assistantPart(block: Json, el: RawElement, index: number): Part {
    const part = textOrReasoningPart(block);
    if (part) return part;
    if (isToolUse(block)) {
      return { type: 'tool_call', id: str(block.id) ?? `cline_A${el.index}_${index}`, name: str(block.name) ?? 'tool', arguments: JSON.stringify(block.input ?? {}) };
    }
    this.unknown.add(`block:${str(block.type) ?? '(untyped)'}`);
    return { type: 'generic', kind: str(block.type) ?? 'block', content: JSON.stringify(block) };
  }
}

function typedIn(text: string): string[] {
  return [...text.matchAll(TYPED)].map((m) => m[2]).filter((t) => t.trim() !== '');
}

/** `environment_details` → `environment-details`; a result of the XML tool protocol → `tool-result-text`. */
function contextKind(text: string): string {
  const tag = /^\s*<([A-Za-z_][\w-]*)>/.exec(text)?.[1];
  if (tag) return tag.replace(/_/g, '-');
  return /^\[[^\]]+\] Result:/.test(text) ? 'tool-result-text' : 'context';
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  return arr(content)
    .map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : ''))
    .join('\n');
}

function imagePart(block: Json): Part {
  const source = obj(block.source);
  const data = str(source?.data);
  const mimeType = str(source?.media_type) ?? 'image/png';
  return data ? { type: 'blob', modality: 'image', mimeType, content: data } : { type: 'generic', kind: 'image', content: JSON.stringify(block) };
}
