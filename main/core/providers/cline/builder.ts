/**
 * Accumulates one Cline task (ui_messages.json) into a Conversation while its entries are
 * read in order: message ids, timestamps, models, usage totals, the tool call each result
 * belongs to, and the warnings.
 */
import type { Conversation, Message, ParseWarning, Part, Role, Usage } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { sumUsage } from '../kit/usage';
import type { ApiHistory, ApiToolUse } from './api-history';

/** One array element, parsed once. */
export interface Entry {
  readonly index: number;
  readonly line: number;
  readonly raw: string;
  readonly obj: Record<string, unknown>;
  /** `say` or `ask` value. */
  readonly kind: string;
  readonly type: 'say' | 'ask';
  readonly text: string;
  readonly partial: boolean;
  readonly timestamp?: string;
  readonly model?: string;
  /** Cline's index into api_conversation_history at the time of the entry. */
  readonly historyIndex?: number;
}

interface OpenCall {
  readonly id: string;
  readonly kind: string;
  /** The tool message results are gathered into (consecutive command_output chunks). */
  result?: Message;
  /** The api history already supplied the result; UI output stays a system message. */
  answered: boolean;
}

export class ClineBuilder {
  readonly warnings: ParseWarning[] = [];
  readonly messages: Message[] = [];
  cwd?: string;
  private readonly models = new Set<string>();
  private readonly unknownKinds = new Set<string>();
  private readonly usedToolUses = new Map<number, number>();
  private usage?: Usage;
  private firstTs?: string;
  private lastTs?: string;
  private lastCall?: OpenCall;
  private firstPrompt?: string;

  constructor(
    private readonly ctx: ParseContext,
    private readonly api: ApiHistory | undefined,
  ) {}

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  seen(e: Entry): void {
    if (e.timestamp) {
      this.firstTs ??= e.timestamp;
      this.lastTs = e.timestamp;
    }
    if (e.model) this.models.add(e.model);
  }

  addModel(model: string): void {
    this.models.add(model);
  }

  push(e: Entry, role: Role, parts: Part[], kind?: string): Message {
    const message: Message = { id: `E${e.index}`, role, parts, native: e.raw, source: 0 };
    if (e.timestamp) message.timestamp = e.timestamp;
    if (kind) message.kind = kind;
    if (role === 'assistant' && e.model) message.model = e.model;
    if (role !== 'tool') this.closeResult();
    this.messages.push(message);
    return message;
  }

  pushPrompt(e: Entry, parts: Part[]): void {
    this.firstPrompt ??= e.text;
    this.push(e, 'user', parts);
  }

  /** A tool invocation; its id comes from the api history when that file is there. */
  pushToolCall(e: Entry, name: string, args: string): void {
    const fromApi = this.apiToolUse(e);
    const id = fromApi?.id ?? `E${e.index}`;
    this.push(e, 'assistant', [{ type: 'tool_call', id, name: fromApi?.name ?? name, arguments: fromApi?.arguments ?? args }]);
    const call: OpenCall = { id, kind: e.kind, answered: false };
    this.lastCall = call;
    const result = fromApi ? this.api?.results.get(fromApi.id) : undefined;
    if (result) {
      call.answered = true;
      const m: Message = {
        id: `E${e.index}.r`,
        role: 'tool',
        parts: [{ type: 'tool_call_response', id, response: result.text, ...(result.isError ? { isError: true } : {}) }],
        native: result.raw,
        source: 0,
      };
      if (e.timestamp) m.timestamp = e.timestamp;
      this.messages.push(m);
    }
  }

  /**
   * Output of the latest call of a matching kind: consecutive chunks (command_output is
   * written in pieces) join one tool message. Output no open call claims is a system message.
   */
  pushResult(e: Entry, forKinds: readonly string[], text: string): void {
    const call = this.lastCall;
    if (!call || call.answered || !forKinds.includes(call.kind)) {
      if (text.trim()) this.push(e, 'system', [{ type: 'text', content: text }], 'command-output');
      return;
    }
    if (call.result) {
      const part = call.result.parts[0];
      if (part.type === 'tool_call_response') part.response += part.response && text ? `\n${text}` : text;
      call.result.native = `${call.result.native}\n${e.raw}`;
      return;
    }
    const message: Message = { id: `E${e.index}`, role: 'tool', parts: [{ type: 'tool_call_response', id: call.id, response: text }], native: e.raw, source: 0 };
    if (e.timestamp) message.timestamp = e.timestamp;
    this.messages.push(message);
    call.result = message;
  }

  addUsage(u: Usage): void {
    this.usage = sumUsage(this.usage, u);
  }

  unknown(e: Entry): void {
    this.unknownKinds.add(`${e.type}:${e.kind}`);
    this.push(e, 'system', [{ type: 'generic', kind: `${e.type}:${e.kind}`, content: e.raw }], 'unknown');
  }

  finish(): Conversation {
    if (this.unknownKinds.size) {
      this.warn(undefined, `Unknown Cline message kinds kept as generic messages: ${[...this.unknownKinds].sort().join(', ')}`);
    }
    return seedConversation(
      { agent: 'cline', nativeId: taskIdFromPath(this.ctx.path), ctx: this.ctx, cwd: this.cwd, models: this.models, warnings: this.warnings, messages: this.messages },
      { title: titleFrom(this.firstPrompt), startedAt: this.firstTs, endedAt: this.lastTs, usage: this.usage },
    );
  }

  /** The `n`-th unused tool_use of the assistant message that answered this request. */
  private apiToolUse(e: Entry): ApiToolUse | undefined {
    if (!this.api || e.historyIndex === undefined) return undefined;
    const at = e.historyIndex + 1;
    const list = this.api.toolUses.get(at);
    const used = this.usedToolUses.get(at) ?? 0;
    if (!list || used >= list.length) return undefined;
    this.usedToolUses.set(at, used + 1);
    return list[used];
  }

  private closeResult(): void {
    if (this.lastCall) this.lastCall.result = undefined;
  }
}

/** Tasks live in `tasks/<taskId>/ui_messages.json`: the folder name is the task id. */
export function taskIdFromPath(filePath: string): string {
  const parts = filePath.split(/[\\/]/);
  return parts.length >= 2 ? parts[parts.length - 2] : filePath;
}
