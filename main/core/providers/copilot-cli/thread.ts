/**
 * One conversation being built from the event log: the main agent's, or one subagent's (Copilot
 * writes subagent events into the parent's log, tagged with `agentId` / `parentToolCallId`).
 */
import type { Message, Part, Role, Usage } from '../../../../shared/record';
import { lineMessage, TimeSpan } from '../kit/line-message';

/** One parsed line, as handlers see it. */
export interface Line {
  readonly lineNo: number;
  readonly raw: string;
  readonly id?: string;
  readonly timestamp?: string;
}

export class Thread {
  readonly messages: Message[] = [];
  readonly models = new Set<string>();
  /** Tool call ids already shown as a `tool_call` part, so `tool.execution_start` adds none. */
  readonly callMessages = new Map<string, Message>();
  /** `hook.start` lines waiting for their `hook.end`. */
  readonly openHooks = new Map<string, string>();
  /** Assistant messages written before any event named the model (1.0.1x–1.0.3x). */
  private pendingModel: Message[] = [];
  private readonly usedIds = new Set<string>();
  /** Visible thinking of the last `assistant.reasoning`, so the message copy is not added twice. */
  lastReasoning?: string;
  lastAssistant?: Message;
  outputTokens = 0;
  /** Subagent threads: the parent's tool call, the agent's name and its task. */
  parentToolCallId?: string;
  agentName?: string;
  readonly times = new TimeSpan();

  constructor(readonly key?: string) {}

  push(line: Line, role: Role, parts: Part[], kind?: string): Message {
    const message = lineMessage(line, this.idFor(line), role, parts, kind);
    this.times.see(line.timestamp);
    this.messages.push(message);
    return message;
  }

  pushAssistant(line: Line, parts: Part[], model: string | undefined, usage?: Usage): Message {
    const message = this.push(line, 'assistant', parts);
    if (model) this.setMessageModel(message, model);
    else this.pendingModel.push(message);
    if (usage) message.usage = usage;
    for (const p of parts) if (p.type === 'tool_call') this.callMessages.set(p.id, message);
    this.lastAssistant = message;
    return message;
  }

  /** A model became known (tool result, usage, model change): earlier unlabelled answers get it. */
  learnModel(model: string): void {
    this.models.add(model);
    for (const m of this.pendingModel) m.model = model;
    this.pendingModel = [];
  }

  private setMessageModel(message: Message, model: string): void {
    message.model = model;
    this.models.add(model);
  }

  /** Event ids are uuids; a repeated one (replayed log) still gets a unique message id. */
  private idFor(line: Line): string {
    const base = line.id ?? `L${line.lineNo}`;
    let id = base;
    for (let n = 1; this.usedIds.has(id); n += 1) id = `${base}.${n}`;
    this.usedIds.add(id);
    return id;
  }
}
