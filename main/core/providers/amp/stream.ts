/**
 * `amp --execute --stream-json` output (and the capture files `dejavu capture amp` keeps): one
 * JSON message per line, Claude-Code compatible — `system`/`init`, `user`, `assistant`,
 * `result`. Lines carry no time; a capture file's name does (see captureStartedAt).
 */
import path from 'node:path';
import type { Conversation, Message, ParseWarning, Part, Role, Usage } from '../../../../shared/record';
import { conversationId, subConversationId, titleFrom, seedConversation } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { sumUsage } from '../kit/usage';
import { assistantParts, textOf, usageFrom, userParts } from './content';
import { isObject, num, str, type Json } from '../kit/json';

/** One stream of one thread: the main conversation, or a subagent's (parent_tool_use_id). */
interface Lane {
  readonly messages: Message[];
  readonly models: Set<string>;
  usage?: Usage;
  /** The parent's tool call that started this subagent. */
  readonly parentToolUseId?: string;
}

interface Session {
  readonly id: string;
  readonly main: Lane;
  readonly subagents: Map<string, Lane>;
  cwd?: string;
  /** Totals the `result` messages reported (one per run). */
  runUsage?: Usage;
  durationMs: number;
}

const CAPTURE_NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?Z-\d+\.jsonl$/;

/** `2026-06-12T10-15-00-123Z-4242.jsonl` (a `dejavu capture` file) → its start time. */
export function captureStartedAt(filePath: string): string | undefined {
  const m = CAPTURE_NAME.exec(path.basename(filePath));
  if (!m) return undefined;
  const date = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5] ?? '000'}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export class StreamReader {
  readonly warnings: ParseWarning[] = [];
  private readonly sessions = new Map<string, Session>();
  private readonly unknown = new Set<string>();
  private readonly usageCounted = new Set<string>();
  private current?: Session;
  private readonly fileKey: string;
  private readonly startedAt?: string;
  private lastLine = -1;
  private onLine = 0;

  constructor(private readonly ctx: ParseContext) {
    this.fileKey = path.basename(ctx.path).replace(/\.[^.]*$/, '');
    this.startedAt = captureStartedAt(ctx.path);
  }

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  record(lineNo: number, raw: string, rec: Json): void {
    const type = str(rec.type) ?? '';
    const session = this.sessionOf(rec);
    switch (type) {
      case 'system':
        if (rec.subtype === 'init') {
          session.cwd ??= str(rec.cwd);
          return;
        }
        this.keepUnknown(session, lineNo, raw, `system/${str(rec.subtype) ?? '?'}`);
        return;
      case 'user':
        this.user(session, lineNo, raw, rec);
        return;
      case 'assistant':
        this.assistant(session, lineNo, raw, rec);
        return;
      case 'result':
        this.result(session, lineNo, raw, rec);
        return;
      default:
        this.keepUnknown(session, lineNo, raw, type || '(no type)');
    }
  }

  finish(): Conversation[] {
    if (this.unknown.size) this.warn(undefined, `Unknown Amp stream records kept as generic messages: ${[...this.unknown].sort().join(', ')}`);
    const out: Conversation[] = [];
    for (const session of this.sessions.values()) {
      const main = this.conversation(session, session.main);
      out.push(main);
      for (const [key, lane] of session.subagents) {
        const sub = this.conversation(session, lane, key);
        sub.parentId = main.id;
        sub.relation = 'subagent';
        if (lane.parentToolUseId) sub.parentToolCallId = lane.parentToolUseId;
        out.push(sub);
      }
    }
    // The warnings belong to the file; they ride on its main conversation.
    if (out.length) out[0].warnings = this.warnings;
    return out;
  }

  private sessionOf(rec: Json): Session {
    const id = str(rec.session_id);
    if (id) {
      let session = this.sessions.get(id);
      if (!session) {
        session = { id, main: lane(), subagents: new Map(), durationMs: 0 };
        this.sessions.set(id, session);
      }
      this.current = session;
      return session;
    }
    // A record without a session id belongs to the thread the stream is on.
    if (!this.current) {
      this.current = { id: this.fileKey, main: lane(), subagents: new Map(), durationMs: 0 };
      this.sessions.set(this.fileKey, this.current);
    }
    return this.current;
  }

  private laneOf(session: Session, rec: Json): Lane {
    const parent = str(rec.parent_tool_use_id);
    if (!parent) return session.main;
    let sub = session.subagents.get(parent);
    if (!sub) {
      sub = lane(parent);
      session.subagents.set(parent, sub);
    }
    return sub;
  }

  private user(session: Session, lineNo: number, raw: string, rec: Json): void {
    const target = this.laneOf(session, rec);
    const message = isObject(rec.message) ? rec.message : {};
    const { written, results } = userParts(message.content, this.unknown);
    if (written.length) {
      if (target === session.main) this.push(target, lineNo, raw, 'user', written);
      else {
        // Inside a subagent every "user" text was written by the parent agent, not the person.
        const first = !target.messages.some((m) => m.kind === 'subagent-task');
        this.push(target, lineNo, raw, 'system', written, first ? 'subagent-task' : 'subagent-input');
      }
    }
    if (results.length) this.push(target, lineNo, raw, 'tool', results);
    if (!written.length && !results.length) this.push(target, lineNo, raw, 'system', [{ type: 'generic', kind: 'empty-user', content: raw }], 'empty');
  }

  private assistant(session: Session, lineNo: number, raw: string, rec: Json): void {
    const target = this.laneOf(session, rec);
    const message = isObject(rec.message) ? rec.message : {};
    const parts = assistantParts(message.content, this.unknown);
    const m = this.push(target, lineNo, raw, 'assistant', parts);
    const model = str(message.model);
    if (model) {
      m.model = model;
      target.models.add(model);
    }
    // A message split over several lines repeats its usage on each: count it once.
    const msgId = str(message.id);
    const usage = usageFrom(message.usage);
    if (usage && !(msgId && this.usageCounted.has(msgId))) {
      if (msgId) this.usageCounted.add(msgId);
      m.usage = usage;
      target.usage = sumUsage(target.usage, usage);
    }
  }

  /** The end of a run: totals, and — when it failed — the error the person saw. */
  private result(session: Session, lineNo: number, raw: string, rec: Json): void {
    session.runUsage = sumUsage(session.runUsage, usageFrom(rec.usage));
    session.durationMs += num(rec.duration_ms) ?? 0;
    if (rec.is_error === true || (str(rec.subtype) ?? 'success') !== 'success') {
      const text = str(rec.error) ?? str(rec.result) ?? str(rec.subtype) ?? 'error';
      this.push(session.main, lineNo, raw, 'system', [{ type: 'text', content: text }], 'error');
    }
  }

  private keepUnknown(session: Session, lineNo: number, raw: string, typeName: string): void {
    this.unknown.add(typeName);
    this.push(session.main, lineNo, raw, 'system', [{ type: 'generic', kind: typeName, content: raw }], 'unknown');
  }

  private push(target: Lane, lineNo: number, raw: string, role: Role, parts: Part[], kind?: string): Message {
    // Ids carry the file's name: several capture files of one thread merge without clashing.
    const message: Message = { id: this.nextId(lineNo), role, parts, native: raw, source: 0 };
    // Stream lines have no time; a capture's start time keeps runs in order when they merge.
    if (this.startedAt) message.timestamp = this.startedAt;
    if (kind) message.kind = kind;
    target.messages.push(message);
    return message;
  }

  private nextId(lineNo: number): string {
    if (lineNo !== this.lastLine) {
      this.lastLine = lineNo;
      this.onLine = 0;
      return `${this.fileKey}:L${lineNo}`;
    }
    this.onLine += 1;
    return `${this.fileKey}:L${lineNo}.${this.onLine}`;
  }

  private conversation(session: Session, from: Lane, subKey?: string): Conversation {
    const id = subKey ? subConversationId('amp', session.id, subKey) : conversationId('amp', session.id);
    const firstPrompt = from.messages.find((m) => m.role === 'user' || m.kind === 'subagent-task');
    // The run totals include subagents; without them, the sum of the messages' own usage.
    return seedConversation(
      { agent: 'amp', nativeId: subKey ? `${session.id}.${subKey}` : session.id, id, ctx: this.ctx, cwd: session.cwd, models: from.models, warnings: [], messages: from.messages },
      {
        title: titleFrom(firstPrompt ? textOf(firstPrompt.parts) : undefined),
        startedAt: this.startedAt,
        endedAt: this.startedAt ? new Date(Date.parse(this.startedAt) + (subKey ? 0 : session.durationMs)).toISOString() : undefined,
        usage: subKey ? from.usage : (session.runUsage ?? from.usage),
      },
    );
  }
}

function lane(parentToolUseId?: string): Lane {
  return parentToolUseId ? { messages: [], models: new Set(), parentToolUseId } : { messages: [], models: new Set() };
}
