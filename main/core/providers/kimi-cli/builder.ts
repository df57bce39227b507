/** Accumulates the messages of one Kimi conversation and assembles the Conversation. */
import type { Conversation, ConversationRelation, Message, ParseWarning, Part, Role, Usage } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { sumUsage } from '../kit/usage';
import { LineIds } from '../kit/line-ids';
import { lineMessage, TimeSpan } from '../kit/line-message';

export interface Line {
  readonly lineNo: number;
  readonly raw: string;
  readonly timestamp?: string;
}

export interface Identity {
  id: string;
  nativeId: string;
  parentId?: string;
  /** How it relates to `parentId` (unset: a subagent). */
  relation?: ConversationRelation;
  parentToolCallId?: string;
  cwd?: string;
  title?: string;
  startedAt?: string;
  endedAt?: string;
  agentVersion?: string;
}

export class KimiBuilder {
  readonly messages: Message[] = [];
  readonly warnings: ParseWarning[] = [];
  readonly models = new Set<string>();
  private readonly unknown = new Set<string>();
  private usage?: Usage;
  private readonly ids = new LineIds();
  readonly times = new TimeSpan();
  /** Messages a compaction copied from the turns before it (context.ts): not typed or answered again here. */
  readonly copies = new Set<Message>();
  /** Lines since a compaction summary and before the next checkpoint are such copies. */
  compactionCopies = false;

  constructor(readonly ctx: ParseContext) {}

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  push(line: Line, role: Role, parts: Part[], kind?: string): Message {
    const message = lineMessage(line, this.ids.next(line.lineNo), role, parts, kind);
    this.times.see(line.timestamp);
    this.messages.push(message);
    return message;
  }

  /** A record type this parser does not know: kept whole, named in one warning at the end. */
  pushUnknown(line: Line, typeName: string): void {
    this.unknown.add(typeName);
    this.push(line, 'system', [{ type: 'generic', kind: typeName, content: line.raw }], 'unknown');
  }

  /** An unknown content-part type, kept in place as a generic part; named in the warning. */
  pushUnknownPart(typeName: string): void {
    this.unknown.add(`part:${typeName}`);
  }

  addUsage(u: Usage): void {
    this.usage = sumUsage(this.usage, u);
  }

  /** In a subagent conversation the first "user" message is the parent agent's task. */
  markSubagentTask(): void {
    const first = this.messages.find((m) => m.role === 'user');
    if (!first) return;
    first.role = 'system';
    first.kind = 'subagent-task';
  }

  finish(id: Identity): Conversation {
    if (this.unknown.size) this.warn(undefined, `Unknown Kimi record/part types kept as generic: ${[...this.unknown].sort().join(', ')}`);
    // A prompt names the conversation before a command does (`/yolo` says nothing of it).
    const firstTyped =
      this.messages.find((m) => m.role === 'user' && m.kind !== 'slash-command') ?? this.messages.find((m) => m.role === 'user') ?? this.messages.find((m) => m.kind === 'subagent-task');
    return seedConversation(
      { agent: 'kimi-cli', nativeId: id.nativeId, id: id.id, ctx: this.ctx, cwd: id.cwd, models: this.models, warnings: this.warnings, messages: this.messages },
      {
        title: id.title ?? titleFrom(firstTyped ? textOf(firstTyped) : undefined),
        startedAt: id.startedAt ?? this.times.first,
        endedAt: id.endedAt ?? this.times.last,
        usage: this.usage,
        agentVersion: id.agentVersion,
        parentId: id.parentId,
        relation: id.parentId ? (id.relation ?? 'subagent') : undefined,
        parentToolCallId: id.parentToolCallId,
      },
    );
  }

}

export function textOf(message: Message): string {
  return message.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}
