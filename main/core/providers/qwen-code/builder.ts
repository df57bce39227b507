/**
 * Accumulates Qwen Code ChatRecords into conversations: the main session, plus one per
 * sidechain agent (`isSidechain` records with an `agentId`). Records form a tree by
 * `uuid`/`parentUuid`; a rewind re-roots the chain, so every branch is kept and linked, and
 * records that make no message (bookkeeping) pass their parent through.
 */
import type { Conversation, Message, ParseWarning } from '../../../../shared/record';
import { fillModelsAndUsage, fillTimes, firstPrompt, textOf, uniqueId } from '../kit/gemini-family/build';
import { obj, str } from '../kit/json';
import { conversationId, subConversationId, titleFrom, seedConversation } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { convertLine, type Line, type Sinks } from './records';
import { ForkCopies, forkedFromSession, forkedMain } from '../kit/fork-copies';

const AGENT = 'qwen-code';

class Thread {
  readonly messages: Message[] = [];
  readonly ids = new Set<string>();
  sessionId?: string;
  cwd?: string;
  gitBranch?: string;
  version?: string;
  title?: string;
  parentSession?: string;
  /** The last slash command invoked, while no user record or answer followed it. */
  pendingSlash?: { readonly raw: string; readonly sentToModel: boolean };
}

export class QwenBuilder {
  readonly warnings: ParseWarning[] = [];
  readonly sinks: Sinks = { unknownParts: new Set(), unknownTypes: new Set() };
  private readonly main = new Thread();
  private readonly agents = new Map<string, Thread>();
  /** uuid → the message that stands for it (or for its nearest ancestor with one), per thread. */
  private readonly targets = new Map<string, { thread: Thread; id: string | undefined }>();
  /** `/branch` copies the session's records into a new file, each with `forkedFrom` (kit/fork-copies.ts). */
  private readonly forkCopies = new ForkCopies();

  constructor(private readonly ctx: ParseContext) {}

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  add(line: Line): void {
    const { record } = line;
    const uuid = str(record.uuid);
    if (uuid && this.targets.has(uuid)) return; // a record written twice
    const thread = this.threadFor(record.isSidechain === true ? str(record.agentId) : undefined);
    const copiedFrom = thread === this.main ? forkedFromSession(record) : undefined;
    // A copy that kept its original sessionId must not name the fork after its parent.
    if (copiedFrom === undefined || str(record.sessionId) !== copiedFrom) thread.sessionId ??= str(record.sessionId);
    thread.cwd ??= str(record.cwd);
    thread.gitBranch = str(record.gitBranch) ?? thread.gitBranch;
    const version = str(record.version);
    if (version && version !== 'unknown') thread.version = version;
    const { messages, effect } = convertLine(line, this.sinks);
    if (effect && 'title' in effect) thread.title = effect.title;
    if (effect && 'parentSession' in effect) thread.parentSession = effect.parentSession;
    const parentUuid = str(record.parentUuid);
    const parent = parentUuid ? this.targets.get(parentUuid) : undefined;
    let tail = parent && parent.thread === thread ? parent.id : undefined;
    this.followSlashCommand(thread, line, messages);
    for (const m of messages) {
      m.id = uniqueId(m.id, thread.ids);
      if (tail !== undefined) m.parentId = tail;
      tail = m.id;
      thread.messages.push(m);
      if (copiedFrom !== undefined) this.forkCopies.messageIds.add(m.id);
    }
    if (copiedFrom !== undefined) this.forkCopies.from ??= copiedFrom;
    if (uuid) this.targets.set(uuid, { thread, id: tail });
  }

  /**
   * slashCommandProcessor records a command's `invocation` (and `result`) when it returns; a
   * command that prompts the model then sends its prompt as the next `user` record. That
   * record is not typed: when it repeats the command it is an echo, otherwise (`sentToModel`)
   * it is the template the command expanded to. Each invocation counts once, however often
   * the same one is typed in a row.
   */
  private followSlashCommand(thread: Thread, line: Line, messages: Message[]): void {
    const { record } = line;
    const payload = obj(record.systemPayload);
    if (record.type === 'system' && record.subtype === 'slash_command') {
      if (str(payload?.phase) !== 'result') thread.pendingSlash = { raw: (str(payload?.rawCommand) ?? '').trim(), sentToModel: payload?.sentToModel === true };
      return;
    }
    if (record.type === 'assistant') thread.pendingSlash = undefined;
    const pending = thread.pendingSlash;
    if (record.type !== 'user' || record.subtype !== undefined || !pending) return;
    thread.pendingSlash = undefined;
    for (const m of messages) {
      if (m.role !== 'user') continue;
      const echo = textOf(m)?.trim() === pending.raw;
      if (!echo && !pending.sentToModel) continue;
      m.role = 'system';
      m.kind = echo ? 'slash-command-record' : 'command-expansion';
    }
  }

  private threadFor(agentId: string | undefined): Thread {
    if (!agentId) return this.main;
    let thread = this.agents.get(agentId);
    if (!thread) this.agents.set(agentId, (thread = new Thread()));
    return thread;
  }

  finish(): Conversation[] {
    if (this.sinks.unknownTypes.size || this.sinks.unknownParts.size) {
      const names = [...this.sinks.unknownTypes, ...this.sinks.unknownParts].sort().join(', ');
      this.warn(undefined, `Unknown Qwen Code record or part types kept as generic content: ${names}`);
    }
    const sessionId = this.main.sessionId ?? [...this.agents.values()].find((t) => t.sessionId)?.sessionId ?? fileId(this.ctx.path);
    const mainId = conversationId(AGENT, sessionId);
    const out: Conversation[] = [];
    // A fork's copies of its parent's turns: left to the parent's conversation when its file is beside (kit/fork-copies.ts).
    const fork = forkedMain(this.forkCopies, this.main.messages, this.ctx.path);
    if (fork) this.main.messages.splice(0, this.main.messages.length, ...fork.messages);
    if (this.main.messages.length || !this.agents.size) {
      const c = this.conversation(this.main, mainId, sessionId, this.main.parentSession !== undefined);
      if (this.main.parentSession) Object.assign(c, { parentId: conversationId(AGENT, this.main.parentSession), relation: 'subagent' });
      c.warnings = this.warnings;
      out.push(c);
    }
    for (const [agentId, thread] of this.agents) {
      const nativeId = `${sessionId}.agent-${agentId}`;
      const c = this.conversation(thread, subConversationId(AGENT, sessionId, `agent-${agentId}`), nativeId, true);
      c.parentId = mainId;
      c.relation = 'subagent';
      if (!out.length) c.warnings = this.warnings;
      out.push(c);
    }
    return out;
  }

  private conversation(thread: Thread, id: string, nativeId: string, isSubagent: boolean): Conversation {
    const first = thread.messages.find((m) => m.role === 'user');
    if (isSubagent && first) {
      first.role = 'system';
      first.kind = 'subagent-task';
    }
    const c = seedConversation(
      { agent: AGENT, nativeId, id, ctx: this.ctx, cwd: thread.cwd, models: [], warnings: [], messages: thread.messages },
      {
        gitBranch: thread.gitBranch,
        agentVersion: thread.version,
        title: thread.title?.trim() ? titleFrom(thread.title) : titleFrom(textOf(firstPrompt(thread.messages) ?? first)),
      },
    );
    fillTimes(c, undefined, undefined);
    fillModelsAndUsage(c);
    return c;
  }
}

function fileId(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  return base.replace(/\.jsonl$/i, '');
}
