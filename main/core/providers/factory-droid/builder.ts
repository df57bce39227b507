/**
 * Accumulates one Droid session while its lines stream past. A `user` record can hold several
 * things at once (tool results, `<system-reminder>` context, the typed prompt); each becomes its
 * own message so that role `user` is only what the person typed.
 */
import type { Message, ParseWarning, Part, Role, Usage } from '../../../../shared/record';
import { assistantBlock, blocksOf, imagePart, toolResultParts } from './content';
import { num, obj, str, type Json } from '../kit/json';
import { LineIds } from '../kit/line-ids';
import { lineMessage, TimeSpan } from '../kit/line-message';

export interface Line {
  readonly lineNo: number;
  readonly raw: string;
  readonly timestamp?: string;
}

export class DroidBuilder {
  readonly warnings: ParseWarning[] = [];
  readonly models = new Set<string>();
  start?: Json;
  readonly times = new TimeSpan();
  private readonly messages: Message[] = [];
  private readonly unknown = new Set<string>();
  /** Usage per API message id: streamed rows repeat it, the largest output count is the final one. */
  private readonly usageById = new Map<string, Usage>();
  private readonly ids = new LineIds();

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  record(line: Line, record: Json): void {
    this.times.see(line.timestamp);
    const type = str(record.type) ?? '(untyped)';
    if (type === 'session_start') {
      this.start ??= record; // the header is written once, at line 1
      return;
    }
    if (type === 'compaction_state' && str(record.summaryText)) {
      // `/compress` starts a new session with the summary of the one it continues (droid 0.226).
      this.push(line, 'system', [{ type: 'text', content: str(record.summaryText)! }], 'compaction-summary');
      return;
    }
    const message = obj(record.message);
    if (type !== 'message' || !message) {
      this.unknown.add(type);
      this.push(line, 'system', [{ type: 'generic', kind: type, content: line.raw }], 'unknown');
      return;
    }
    const role = str(message.role) ?? '';
    // Hook output (written `user_only` too, with the hooks' results) and harness notices shown
    // only to the person ("Token limit reached…").
    if (str(message.hookEventName)) {
      this.push(line, 'system', [...this.plainParts(message), ...hookResultParts(str(message.hookEventName)!, message.hookResults)], `hook:${str(message.hookEventName)}`);
    } else if ((str(message.visibility) ?? str(record.visibility)) === 'user_only') {
      this.push(line, 'system', this.plainParts(message), 'notice');
    } else if (role === 'user') {
      this.user(line, message);
    } else if (role === 'assistant') {
      this.assistant(line, message, record);
    } else {
      this.unknown.add(`role:${role || '(none)'}`);
      this.push(line, 'system', this.plainParts(message), role || 'unknown');
    }
  }

  finish(): Message[] {
    if (this.unknown.size) this.warn(undefined, `Unknown Droid record types kept as generic: ${[...this.unknown].sort().join(', ')}`);
    return this.messages;
  }

  usage(): Usage | undefined {
    let total: Usage | undefined;
    for (const u of this.usageById.values()) {
      total ??= {};
      for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const) {
        if (u[key] !== undefined) total[key] = (total[key] ?? 0) + u[key]!;
      }
    }
    return total;
  }

  /**
   * Tool results → one `tool` message; each `<system-reminder>` text → a `system` message; the
   * remaining text (and images) → the typed prompt, unless the record answers tools (then it is
   * context sent with the results) or this is a Worker session's task from its parent.
   */
  private user(line: Line, message: Json): void {
    const results: Part[] = [];
    const typed: Part[] = [];
    const reminders: string[] = [];
    for (const block of blocksOf(message)) {
      const type = str(block.type);
      if (type === 'tool_result') results.push(...toolResultParts(block));
      else if (type === 'text') {
        const text = str(block.text) ?? '';
        if (text.trimStart().startsWith('<system-reminder>')) reminders.push(text);
        else typed.push({ type: 'text', content: text });
      } else if (type === 'image') typed.push(imagePart(block));
      else {
        this.unknown.add(`block:${type ?? '(untyped)'}`);
        typed.push({ type: 'generic', kind: type ?? 'block', content: JSON.stringify(block) });
      }
    }
    if (results.length) this.push(line, 'tool', results);
    for (const text of reminders) {
      this.push(line, 'system', [{ type: 'text', content: text }], text.includes('User system info') ? 'environment-context' : 'reminder');
    }
    const hasText = typed.some((p) => p.type === 'text' && p.content.trim());
    if (!typed.length) return;
    if (results.length || !hasText) {
      this.push(line, 'system', typed, 'context');
    } else if (str(this.start?.callingSessionId) && !this.messages.some((m) => m.kind === 'subagent-task')) {
      this.push(line, 'system', typed, 'subagent-task');
    } else {
      const first = typed.find((p) => p.type === 'text');
      this.push(line, 'user', typed, first?.type === 'text' && first.content.trimStart().startsWith('/') ? 'slash-command' : undefined);
    }
  }

  private assistant(line: Line, message: Json, record: Json): void {
    const parts: Part[] = [];
    blocksOf(message).forEach((block, i) => {
      const part = assistantBlock(block, line.lineNo, i, this.unknown);
      if (part) parts.push(part);
    });
    const m = this.push(line, 'assistant', parts);
    // Later builds name the model as `modelId` (`custom:…` for a custom model).
    const model = str(message.model) ?? str(message.modelId) ?? str(record.modelId);
    if (model) {
      m.model = model;
      this.models.add(model);
    }
    const usage = anthropicUsage(obj(message.usage));
    if (usage) {
      m.usage = usage;
      const key = str(message.id) ?? m.id;
      const prev = this.usageById.get(key);
      if (!prev || (usage.outputTokens ?? 0) >= (prev.outputTokens ?? 0)) this.usageById.set(key, usage);
    }
  }

  private plainParts(message: Json): Part[] {
    return blocksOf(message).map((block, i) => assistantBlock(block, 0, i, this.unknown)).filter((p): p is Part => p !== undefined);
  }

  private push(line: Line, role: Role, parts: Part[], kind?: string): Message {
    const message = lineMessage(line, this.ids.next(line.lineNo), role, parts, kind);
    this.messages.push(message);
    return message;
  }

}

function anthropicUsage(u: Json | undefined): Usage | undefined {
  if (!u) return undefined;
  const usage: Usage = {};
  if (num(u.input_tokens) !== undefined) usage.inputTokens = num(u.input_tokens);
  if (num(u.output_tokens) !== undefined) usage.outputTokens = num(u.output_tokens);
  if (num(u.cache_read_input_tokens) !== undefined) usage.cacheReadTokens = num(u.cache_read_input_tokens);
  if (num(u.cache_creation_input_tokens) !== undefined) usage.cacheWriteTokens = num(u.cache_creation_input_tokens);
  return Object.keys(usage).length ? usage : undefined;
}

/** Each hook run's outcome as text: its exit code and what it printed (`hookResults[]`). */
function hookResultParts(event: string, results: unknown): Part[] {
  const out: Part[] = [];
  for (const r of Array.isArray(results) ? results : []) {
    if (!r || typeof r !== 'object') continue;
    const { exitCode, stdout, stderr } = r as Record<string, unknown>;
    const lines = [`${event} hook${typeof exitCode === 'number' ? `: exit ${exitCode}` : ''}`];
    if (typeof stdout === 'string' && stdout.trim()) lines.push(stdout.trimEnd());
    if (typeof stderr === 'string' && stderr.trim()) lines.push(stderr.trimEnd());
    out.push({ type: 'text', content: lines.join('\n') });
  }
  return out;
}
