/**
 * Accumulates one Codex rollout into a Conversation while its lines stream past. Each line is
 * handled once; the few decisions that need the whole file (which user-role items were the
 * typed prompts, whether agent_message events are the only answers) are settled in finish(),
 * on copies, so a live rollout can be finished again after more lines.
 */
import type { Conversation, Message, ParseWarning, Part, Role } from '../../../../shared/record';
import { conversationId, titleFrom, seedConversation } from '../kit/identity';
import type { SourceContext } from '../kit/provider';
import { promptForTitle } from './injected';
import type { TokenCount } from './usage';
import { LineIds } from '../kit/line-ids';
import { lineMessage, TimeSpan } from '../kit/line-message';
import { codexThreadTitle } from './thread-title';
import { ForkTracker } from './fork';
import type { EarlierSegment } from './segments';

/** One parsed line, as handlers see it. */
export interface Line {
  readonly lineNo: number;
  readonly raw: string;
  readonly timestamp?: string;
}

export interface SessionInfo {
  id?: string;
  cwd?: string;
  gitBranch?: string;
  cliVersion?: string;
  startedAt?: string;
  /** The thread that spawned this one, for subagent/guardian/review threads. */
  parentThreadId?: string;
  /** The thread was started by another agent: its first prompt is that agent's task. */
  isSubagent?: boolean;
  /**
   * This file continues a thread another file began (paginated history, `history_base`): its
   * first prompt names nothing, the thread's first file (or Codex's own title) does.
   */
  isContinuation?: boolean;
}

/** A user-role response_item: a typed prompt's copy, or injected context. */
interface UserItem {
  readonly message: Message;
  readonly text: string;
  readonly kind?: string;
}

/** A system message two channels both write (item and event): the second joins the first. */
interface OpenPair {
  readonly message: Message;
  readonly channels: Set<string>;
}

export class CodexBuilder {
  readonly session: SessionInfo = {};
  readonly warnings: ParseWarning[] = [];
  private readonly messages: Message[] = [];
  private readonly models = new Set<string>();
  private readonly unknownTypes = new Set<string>();
  private readonly userEvents: { message: Message; text: string }[] = [];
  /** The turns' first messages (typed prompts, messages from other agents) a rollback counts back through. */
  private readonly liveTurns: Message[] = [];
  /** Each rollback marker and the first message of the turns it undid (linked in finish()). */
  private readonly rollbacks: { marker: Message; undone: Message }[] = [];
  private readonly userItems: UserItem[] = [];
  private readonly agentMessageEvents = new Set<Message>();
  /** dynamic_tool_call_* events and their call ids (pushDynamicCall). */
  private readonly dynamicCalls = new Map<Message, string>();
  private readonly openPairs = new Map<string, OpenPair>();
  private assistantItems = 0;
  private threadName?: string;
  private currentModel?: string;
  private awaitingUsage?: Message;
  private lastTokenKey = '';
  private totalUsage?: TokenCount['total'];
  private readonly times = new TimeSpan();
  private readonly ids = new LineIds();
  /** Which messages a forked thread replays from its parent (see fork.ts). */
  readonly fork = new ForkTracker();
  /** Empty, or `<rollout id>.` in a continuation segment: its line numbers restart at 1. */
  private idPrefix = '';
  /** The segment(s) this file follows after a rotation: their messages come first. */
  private earlier?: EarlierSegment;

  constructor(private readonly ctx: SourceContext) {}

  get sourcePath(): string {
    return this.ctx.path;
  }

  /**
   * The segment's messages join the thread's other files in one conversation: ids that say
   * which file they came from keep them apart from that file's own `L<n>`.
   */
  startSegment(rolloutId: string): void {
    this.session.isContinuation = true;
    this.idPrefix = `${rolloutId}.`;
  }

  /**
   * This file is the successor of a rotated segment (`rollout_reference`): the segment's
   * messages come first, and this file's own lines are named after the segment they follow.
   */
  followSegment(key: string, earlier: EarlierSegment | undefined): void {
    this.idPrefix = `${this.idPrefix}${key}.`;
    this.earlier ??= earlier;
  }

  /** The line's name in ids made from it (tool calls Codex gave no id). */
  lineKey(line: Line): string {
    return `${this.idPrefix}L${line.lineNo}`;
  }

  seen(line: Line): void {
    this.times.see(line.timestamp);
  }

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  setModel(model: string): void {
    this.currentModel = model;
    this.models.add(model);
  }

  /** Appends a message made from this line, in file order. */
  push(line: Line, role: Role, parts: Part[], kind?: string): Message {
    const message = lineMessage(line, this.idPrefix + this.ids.next(line.lineNo), role, parts, kind);
    if (role === 'assistant') {
      if (this.currentModel) message.model = this.currentModel;
      this.awaitingUsage = message;
    }
    this.messages.push(message);
    this.fork.made(message);
    return message;
  }

  /** A response_item assistant message: counted so agent_message events can stay unused. */
  pushAssistantItem(line: Line, parts: Part[]): void {
    this.assistantItems += 1;
    this.push(line, 'assistant', parts);
  }

  /** An agent_message event: kept only if the file never wrote the response_item copy. */
  pushAgentMessageEvent(line: Line, text: string): void {
    const awaiting = this.awaitingUsage;
    this.agentMessageEvents.add(this.push(line, 'assistant', [{ type: 'text', content: text }]));
    // Usage belongs to the response_item copy when there is one; this message may be dropped.
    if (awaiting) this.awaitingUsage = awaiting;
  }

  /** A user_message event: the prompt the person typed (count = PROVENANCE prompts). */
  pushUserEvent(line: Line, text: string, parts: Part[]): void {
    this.openPairs.clear();
    const message = this.push(line, 'user', parts);
    this.userEvents.push({ message, text });
    this.liveTurns.push(message);
  }

  /** A message from another agent of the thread's tree (thread-records.ts); it starts a turn too. */
  pushInterAgent(line: Line, parts: Part[]): void {
    this.liveTurns.push(this.push(line, 'system', parts, 'inter-agent'));
  }

  /**
   * `thread_rolled_back`: Codex dropped the last `turns` turns from the model's context. They
   * stay, as an abandoned branch: the marker hangs (`parentId`) off the message before them.
   */
  rollBack(line: Line, turns: number): void {
    const undone = turns > 0 ? this.liveTurns.splice(Math.max(0, this.liveTurns.length - turns)) : [];
    const n = undone.length || turns;
    const text = `Rolled back ${n} turn${n === 1 ? '' : 's'}: Codex dropped ${n === 1 ? 'it' : 'them'} from the model's context; ${n === 1 ? 'it stays' : 'they stay'} above as an abandoned branch.`;
    const marker = this.push(line, 'system', [{ type: 'text', content: text }], 'rewind');
    if (undone.length) this.rollbacks.push({ marker, undone: undone[0] });
  }

  /** A user-role response_item; resolved in finish() against the user_message events. */
  pushUserItem(line: Line, text: string, parts: Part[], kind?: string): void {
    this.userItems.push({ message: this.push(line, 'system', parts, kind), text, kind });
  }

  /**
   * Interrupts and compactions are written by two or three channels in a row (a response_item
   * or `compacted` record plus an event). The first makes the message, later ones join it;
   * `preferParts` lets the richer channel replace the parts of a thinner one.
   */
  pushPaired(line: Line, key: string, channel: string, parts: Part[], preferParts = false, kind = key): void {
    const open = this.openPairs.get(key);
    if (open && !open.channels.has(channel)) {
      open.channels.add(channel);
      open.message.native = `${open.message.native}\n${line.raw}`;
      if (preferParts && parts.length) open.message.parts = parts;
      return;
    }
    const message = this.push(line, 'system', parts, kind);
    this.openPairs.set(key, { message, channels: new Set([channel]) });
  }

  /**
   * A dynamic tool's call or result as an event (extended-events.ts). The model's own
   * function_call / output for the same call id, when the file has them, are the ones kept
   * (finish()); this line then joins their native record. Usage stays with the model's item.
   */
  pushDynamicCall(line: Line, role: Role, parts: Part[], callId: string): void {
    const awaiting = this.awaitingUsage;
    this.dynamicCalls.set(this.push(line, role, parts), callId);
    if (role === 'assistant') this.awaitingUsage = awaiting;
  }

  /** A record or payload type this parser does not know: kept as-is, reported once. */
  pushUnknown(line: Line, typeName: string): void {
    this.unknownTypes.add(typeName);
    this.push(line, 'system', [{ type: 'generic', kind: typeName, content: line.raw }], 'unknown');
  }

  /** A `thread_name_updated` event: the newest name wins. */
  nameThread(name: string | undefined): void {
    if (name?.trim()) this.threadName = name;
  }

  tokenCount(count: TokenCount): void {
    if (count.key && count.key === this.lastTokenKey) return;
    this.lastTokenKey = count.key;
    if (count.total) this.totalUsage = count.total;
    if (count.last && this.awaitingUsage && !this.awaitingUsage.usage) this.awaitingUsage.usage = count.last;
    this.awaitingUsage = undefined;
  }

  /** The conversation so far; `extra` warnings (whole-file findings) follow the line ones. Leaves the builder as it was. */
  finish(extra: readonly ParseWarning[] = []): Conversation {
    const copies = new Map<Message, Message>(this.messages.map((m) => [m, { ...m, parts: [...m.parts] }]));
    const copy = (m: Message): Message => copies.get(m)!;
    const dropped = new Set<Message>();
    this.resolveUserItems(copy, dropped);
    if (this.assistantItems > 0) for (const m of this.agentMessageEvents) dropped.add(copy(m));
    this.joinDynamicCalls(copy, dropped);
    const warnings = [...this.warnings, ...extra];
    const read = [...copies.values()].filter((m) => !dropped.has(m));
    const earlier = this.earlier?.conversation;
    // After a rotation the fork link, the subagent's task and the naming prompt are all in the
    // earliest segment, already read as such.
    const own = this.session.isContinuation || earlier ? read : this.fork.fold(read, copy, this.ctx.path, this.idPrefix, warnings);
    const messages = earlier ? [...earlier.messages.map((m) => ({ ...m, parts: [...m.parts] })), ...own] : own;
    if (earlier) for (const w of earlier.warnings) warnings.push({ message: `In the earlier segment ${this.earlier!.path}${w.line ? ` (line ${w.line})` : ''}: ${w.message}` });
    for (const { marker, undone } of this.rollbacks) {
      const at = messages.indexOf(copy(undone));
      if (at > 0) copy(marker).parentId = messages[at - 1].id;
    }
    const promptTitle = earlier ? earlier.title : this.markSubagentTask(messages);
    const named = this.session.id ? codexThreadTitle(this.ctx.path, this.session.id) : {};
    if (named.warning) warnings.push({ message: named.warning });
    // The name Codex shows (its state database, else the old session index), else the latest
    // `thread_name_updated`, else the first prompt.
    const title = titleFrom(named.title ?? this.threadName) ?? promptTitle;
    if (this.unknownTypes.size) {
      warnings.push({ message: `Unknown Codex record types kept as generic messages: ${[...this.unknownTypes].sort().join(', ')}` });
    }
    return this.conversation(messages, title, warnings);
  }

  /**
   * Every typed prompt is written twice: a user_message event and a user-role response_item of
   * the same text. Items matching an event (in order) join that event's message; the rest are
   * injected context. A file with no user_message events falls back to the items themselves.
   */
  private resolveUserItems(copy: (m: Message) => Message, dropped: Set<Message>): void {
    const byText = new Map<string, Message[]>();
    for (const e of this.userEvents) {
      const queue = byText.get(e.text);
      if (queue) queue.push(copy(e.message));
      else byText.set(e.text, [copy(e.message)]);
    }
    const hasEvents = this.userEvents.length > 0;
    for (const item of this.userItems) {
      const message = copy(item.message);
      const target = byText.get(item.text)?.shift();
      if (target) {
        target.native = `${target.native}\n${message.native}`;
        dropped.add(message);
      } else if (!hasEvents && !item.kind) {
        message.role = 'user';
      } else {
        message.kind = item.kind ?? 'context';
      }
    }
  }

  /** A dynamic tool event whose call the model's items already hold joins that item's message. */
  private joinDynamicCalls(copy: (m: Message) => Message, dropped: Set<Message>): void {
    if (!this.dynamicCalls.size) return;
    const items = new Map<string, Message>();
    for (const m of this.messages) {
      if (this.dynamicCalls.has(m)) continue;
      for (const p of m.parts) if (p.type === 'tool_call' || p.type === 'tool_call_response') items.set(`${p.type}:${p.id}`, copy(m));
    }
    for (const [m, id] of this.dynamicCalls) {
      const event = copy(m);
      const item = items.get(`${event.role === 'tool' ? 'tool_call_response' : 'tool_call'}:${id}`);
      if (!item) continue;
      item.native = `${item.native}\n${event.native}`;
      dropped.add(event);
    }
  }

  /**
   * In a thread another agent started, the first prompt is that agent's task, not typed. A
   * continuation segment holds neither the task nor the prompt that names the thread.
   */
  private markSubagentTask(messages: Message[]): string | undefined {
    if (this.session.isContinuation) return undefined;
    const first = messages.find((m) => m.role === 'user');
    const text = first ? textOf(first) : undefined;
    if (this.session.isSubagent && first) {
      first.role = 'system';
      first.kind = 'subagent-task';
      const typed = messages.find((m) => m.role === 'user');
      return titleFrom(typed ? textOf(typed) : text);
    }
    return titleFrom(text === undefined ? undefined : promptForTitle(text));
  }

  private conversation(messages: Message[], title: string | undefined, warnings: ParseWarning[]): Conversation {
    const s = this.session;
    const nativeId = s.id ?? idFromFileName(this.ctx.path);
    const earlier = this.earlier?.conversation;
    const models = earlier ? new Set([...earlier.models, ...this.models]) : this.models;
    return seedConversation(
      { agent: 'codex', nativeId, ctx: this.ctx, cwd: s.cwd, models, warnings, messages },
      {
        gitBranch: s.gitBranch,
        title,
        startedAt: s.startedAt ?? earlier?.startedAt ?? this.times.first,
        endedAt: this.times.last ?? earlier?.endedAt,
        usage: this.totalUsage ?? earlier?.usage,
        agentVersion: s.cliVersion,
        parentId: s.parentThreadId ? conversationId('codex', s.parentThreadId) : undefined,
        // Only threads another agent started (thread_spawn, review, compact, guardian) nest under a parent; a fork does not (fork.ts).
        relation: s.parentThreadId ? 'subagent' : undefined,
      },
    );
  }

}

function textOf(message: Message): string {
  return message.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}

const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl(\.zst)?$/i;

/** `rollout-<date>-<uuid>.jsonl` (or `.jsonl.zst`) → the uuid; otherwise the file name without extension. */
export function idFromFileName(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  return rolloutIdOf(filePath) ?? base.replace(/\.jsonl(\.zst)?$/i, '');
}

/** The rollout's own id: the uuid its name ends with (a thread's later segments have new ones). */
export function rolloutIdOf(filePath: string): string | undefined {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  return UUID.exec(base)?.[1];
}
