/**
 * Collects the messages and metadata of one conversation (the main session, one in-file
 * sidechain, or one subagent file) while the file streams past, then resolves the tree links.
 */
import type { Message, ParseWarning, Part, Usage } from '../../../../shared/record';
import { addUsage } from './content';
import type { RawRecord } from './records';
import { str } from './records';

/** The parts of a message whose body was left in the file (BodyStow): one shared empty list. */
export const NO_PARTS: Part[] = Object.freeze([]) as unknown as Part[];

/** Where a huge file's read (lazy.ts) puts message bodies instead of memory. */
export interface BodyStow {
  /** Takes the body of a message just added out of memory: its body's number, or -1 when it stays in memory. */
  start(message: Message): number;
  /** Adds the body of a record merged into the message whose body is number `body`; false when the merge happens in memory. */
  add(body: number, message: Message): boolean;
  /** The message as readers get it: its body read again by number when asked for. */
  lazy(message: Message, body: number): Message;
}

export class ConversationBuilder {
  readonly messages: Message[] = [];
  readonly warnings: ParseWarning[] = [];
  readonly models = new Set<string>();
  sessionId?: string;
  agentId?: string;
  cwd?: string;
  gitBranch?: string;
  version?: string;
  startedAt?: string;
  endedAt?: string;
  /** Text of the first typed prompt, for the title. */
  firstPrompt?: string;
  /** `/name args` of the first slash command, the title when no prompt was typed. */
  firstSlash?: string;
  /** Subagent conversations: the task the parent agent wrote (first user text). */
  task?: string;
  /** Set once the first user text of a subagent conversation has been seen. */
  taskSeen = false;
  /** Set for a huge file (lazy.ts): message bodies go there as messages are added. */
  stow?: BodyStow;
  /** With `stow`: each message's body number (-1: in memory), beside `messages`. */
  private readonly bodies: number[] = [];

  /** Record uuid → id of the message it ended up in (itself, or the message it merged into). */
  private readonly alias = new Map<string, string>();
  /** The parent of each message: a message id when it was known when the message came, else the raw uuid, resolved in resolvedMessages(). */
  private readonly rawParents: (string | undefined)[] = [];
  /** API message id → the first Message of it, which holds its latest usage (usage counts once per id). */
  private readonly usageByApiId = new Map<string, Message>();
  /** The last message added, when it was an assistant one: split records merge into it. */
  private open?: { message: Message; apiId: string; body: number };

  /** `subagent`: the conversation is a subagent's, so its first user text is the task. */
  constructor(public subagent: boolean) {}

  /** Metadata every record may carry. */
  touch(record: RawRecord): void {
    if (this.sessionId === undefined) this.sessionId = str(record.sessionId);
    if (this.agentId === undefined) this.agentId = str(record.agentId);
    if (this.cwd === undefined) this.cwd = str(record.cwd);
    const branch = str(record.gitBranch);
    if (branch) this.gitBranch = branch;
    const version = str(record.version);
    if (version) this.version = version;
    const time = str(record.timestamp);
    if (time) {
      if (this.startedAt === undefined || time < this.startedAt) this.startedAt = time;
      if (this.endedAt === undefined || time > this.endedAt) this.endedAt = time;
    }
  }

  add(message: Message, rawParent: string | undefined): void {
    this.messages.push(message);
    // The message id the parent resolves to when it is already known (an alias never changes, and
    // a message id resolves to itself): its string is the message's, not a copy kept per child.
    const known = rawParent === undefined ? undefined : this.alias.get(rawParent);
    this.rawParents.push(known ?? rawParent);
    this.alias.set(message.id, message.id);
    this.open = undefined;
    if (this.stow) this.bodies.push(this.stow.start(message));
  }

  /** Adds an assistant message, or merges it into the open one when it is the same API message. */
  addAssistant(message: Message, rawParent: string | undefined, uuid: string | undefined, apiId: string | undefined): void {
    const open = this.open;
    if (open && apiId !== undefined && open.apiId === apiId) {
      if (!this.stow?.add(open.body, message)) {
        for (const part of message.parts) open.message.parts.push(part);
        open.message.native += `\n${message.native}`;
      }
      if (uuid) this.alias.set(uuid, open.message.id);
    } else {
      this.add(message, rawParent);
      if (apiId !== undefined) this.open = { message, apiId, body: this.stow ? this.bodies[this.bodies.length - 1] : -1 };
    }
    const usage = message.usage;
    message.usage = undefined;
    if (usage) this.recordUsage(apiId ?? `#${message.id}`, usage, this.open?.message ?? message);
  }

  /** Keeps one usage per API message (the last seen: the split records repeat it, growing). */
  private recordUsage(apiId: string, usage: Usage, message: Message): void {
    const first = this.usageByApiId.get(apiId);
    if (first) first.usage = usage;
    else {
      this.usageByApiId.set(apiId, message);
      message.usage = usage;
    }
  }

  /** The usage of the distinct API messages, less those in `exclude` (a fork's copies of its parent's). */
  totalUsage(exclude?: ReadonlySet<string>): Usage | undefined {
    let total: Usage | undefined;
    for (const [apiId, { usage }] of this.usageByApiId) {
      if (exclude?.has(apiId) || !usage) continue;
      total ??= {};
      addUsage(total, usage);
    }
    return total;
  }

  /**
   * Copies of the messages, each linked to its parent message. `skipped` maps the uuid of each
   * record that became no message (progress, bookkeeping) to its own parent, so links pass
   * through it. Copies, so the builder's own messages stay as read and it can keep reading.
   * A huge file's read (`stow`) is never read on: a message whose body is in the file becomes its
   * lazy form in the builder too, so the message as read is let go at once.
   */
  resolvedMessages(skipped: ReadonlyMap<string, string | undefined>): Message[] {
    return this.messages.map((m, i) => {
      const body = this.stow ? this.bodies[i] : -1;
      const copy: Message = body >= 0 ? m : { ...m, parts: [...m.parts] };
      const parentId = this.resolve(this.rawParents[i], skipped);
      if (parentId !== undefined && parentId !== m.id) copy.parentId = parentId;
      if (body < 0) return copy;
      return (this.messages[i] = this.stow!.lazy(copy, body));
    });
  }

  private resolve(uuid: string | undefined, skipped: ReadonlyMap<string, string | undefined>): string | undefined {
    // Bounded: a malformed file could hold a parent cycle among skipped records.
    for (let hops = 0; uuid !== undefined && hops < 10_000; hops += 1) {
      const id = this.alias.get(uuid);
      if (id !== undefined) return id;
      if (!skipped.has(uuid)) return undefined;
      uuid = skipped.get(uuid);
    }
    return undefined;
  }
}
