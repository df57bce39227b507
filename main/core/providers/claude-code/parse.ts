/**
 * Streams one Claude Code session file and routes every record to the conversation it belongs
 * to: the main session, an in-file sidechain (pre-2.0 Task subagents), or — for a separate
 * `agent-*.jsonl` file — the one subagent conversation the file holds.
 */
import path from 'node:path';
import type { Conversation, Message, Part } from '../../../../shared/record';
import { BodyPlaces, type LineRef, type MessageBody } from '../kit/line-bodies';
import { parseLine } from '../kit/json-lines';
import type { IncrementalParser, ParseContext, SourceContext, SourceLine } from '../kit/provider';
import type { SpillFile } from '../kit/spill-file';
import { assemble } from './assemble';
import { type BodyStow, ConversationBuilder } from './builder';
import { FileIds } from './file-ids';
import { MessageTable } from './message-table';
import { classifyUser, slashCommandLabel } from './classify';
import { assistantParts, usageOf, userParts } from './content';
import type { RawRecord } from './records';
import { KEPT_TYPES, SILENT_TYPES, apiMessageOf, isObject, leadingText, str } from './records';
import { NOTE_TYPES, NoteState } from './notes';
import { ForkCopies, forkedFromSession } from '../kit/fork-copies';
import { companionFolders, expandPersistedOutputs } from './tool-results';
import { newMessage, parentOf, payloadJson } from './record-message';
import { TypedAheadQueue, typedAhead } from './queue';
import { notePrompt, promptText } from './title-prompts';
import { agentProgressOf } from './agent-progress';
import { noteTaskCalls } from './task-calls';

/** How far apart a slash command's user record and its local_command echo may be written. */
const ECHO_WINDOW_MS = 5_000;

export async function parseClaudeCode(ctx: ParseContext): Promise<Conversation[]> {
  const parser = claudeCodeIncremental(ctx);
  for await (const line of ctx.lines()) parser.feed(line);
  return parser.snapshot();
}

/** The same parse, fed line by line: a live session file is read once, as it grows. */
export function claudeCodeIncremental(ctx: SourceContext): IncrementalParser {
  const state = new ParseState(ctx.path);
  return { feed: (line) => state.line(line), snapshot: () => assemble(state, ctx) };
}

/** Where a title may come from, strongest first (see README). */
export interface TitleSources {
  customTitle?: string;
  aiTitle?: string;
  summaries: { leafUuid?: string; text: string }[];
}

export class ParseState implements TitleSources {
  readonly main: ConversationBuilder;
  /** In-file sidechains by the uuid of their first record, in the order they start. */
  readonly sidechains = new Map<string, ConversationBuilder>();
  /** Subagents streamed into this transcript as `agent_progress` (agent-progress.ts), by agentId, with the call they run for. */
  readonly progressAgents = new Map<string, { builder: ConversationBuilder; toolUseId?: string; last?: string }>();
  /** Every uuid read (resumed sessions repeat records, and summaries point at leaves), which message each became, the records that became none. */
  readonly ids: FileIds;
  /** Task tool calls of the main session by their prompt's number in `ids.tasks`, to link sidechains to them. */
  readonly taskCalls = new Map<number, string[]>();
  /** A Task/Agent call's id → `<subagent_type>: <description>`, its subagent's title (task-calls.ts). */
  readonly taskLabels = new Map<string, string>();
  readonly unknownTypes = new Map<string, number>();
  readonly summaries: { leafUuid?: string; text: string }[] = [];
  customTitle?: string;
  aiTitle?: string;
  /** True for a separate subagent file: every record belongs to one subagent conversation. */
  subagentFile: boolean | undefined;
  /** Lines of uuid-less records that became messages, to drop repeats. */
  private readonly seenLines = new Set<string>();
  /** The records a fork re-wrote from its parent session (see kit/fork-copies.ts). */
  readonly forkCopies = new ForkCopies();
  /** The PR links and modes noted so far (Claude Code repeats them). */
  private readonly notes = new NoteState();
  private readonly queue = new TypedAheadQueue();
  /** The last slash command a user record held: a local_command echo of it is not a second one. */
  private lastSlash: { label: string; at: number } | undefined;
  /** Where this transcript's `tool-results/` may be. */
  private readonly companions: string[];
  /** A huge file (lazy.ts): where each message's lines are, instead of its parts and native. */
  readonly bodies?: BodyPlaces;
  /** A huge file: its messages, of every conversation in it, as columns (message-table.ts). */
  readonly table?: MessageTable;
  private readonly modelNames = new Map<string, string>();
  /** A huge file: where its builders put their messages (the same for all). */
  private stow?: BodyStow;
  /** Byte offset where the line being read starts. */
  private lineStart = 0;
  /** The line being read, when its message's body is left in the file. */
  private stowable?: LineRef;

  /**
   * `load`: leave messages in a table and their bodies in the file, read again through it
   * (lazy.ts); `spill`: and keep that table, the uuids and the body places in this file, not memory.
   */
  constructor(filePath: string, load?: (id: string, body: number) => MessageBody, spill?: SpillFile) {
    this.companions = companionFolders(filePath);
    this.ids = new FileIds(load ? spill : undefined);
    if (load) {
      this.bodies = new BodyPlaces(spill);
      this.table = new MessageTable(this.ids.pool, load, spill);
    }
    const subagentName = path.basename(filePath).startsWith('agent-');
    this.subagentFile = subagentName ? true : undefined;
    this.main = this.builder(subagentName);
  }

  private builder(subagent: boolean): ConversationBuilder {
    const { bodies, table } = this;
    if (!bodies || !table) return new ConversationBuilder(subagent, this.ids);
    // One stow for every builder of the file: a huge file has a builder per sidechain.
    this.stow ??= {
      start: (message) => bodies.start(this.bodyPiece(message)),
      add: (body, message) => bodies.add(body, this.bodyPiece(message)),
      table,
    };
    return new ConversationBuilder(subagent, this.ids, this.stow);
  }

  /** Where a message's body is: its line, or the body itself when it must stay in memory (a cut last line, a note). */
  private bodyPiece(message: Message): LineRef | MessageBody {
    return this.stowable ?? { parts: message.parts, native: message.native };
  }

  line(line: SourceLine): void {
    const start = this.lineStart;
    this.lineStart = line.endOffset;
    // A cut last line has no end in the file to read it again by: its body stays in memory.
    this.stowable = this.bodies && !line.cut ? { start, end: line.endOffset, lineNo: line.lineNo } : undefined;
    const text = line.text;
    if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === '')) return;
    let record: unknown;
    try {
      record = parseLine(line, (lineNo, message) => this.main.warnings.push({ line: lineNo, message }));
    } catch (error) {
      this.main.warnings.push({ line: line.lineNo, message: `Unreadable line skipped: ${(error as Error).message}` });
      return;
    }
    if (!isObject(record)) {
      this.main.warnings.push({ line: line.lineNo, message: 'Line is not a JSON object; skipped' });
      return;
    }
    this.record(record as RawRecord, line);
  }

  private record(record: RawRecord, line: SourceLine): void {
    // Notes and summaries are small and said once per state: they stay in memory.
    if (record.type === 'summary' || (typeof record.type === 'string' && NOTE_TYPES.has(record.type))) this.stowable = undefined;
    const uuid = str(record.uuid);
    if (uuid !== undefined) {
      if (!this.ids.firstTime(uuid)) return;
      if (this.subagentFile === undefined) this.decideFileKind(record);
    }
    const builder = this.route(record, uuid, line.lineNo);
    const copiedFrom = builder === this.main && !this.subagentFile ? forkedFromSession(record) : undefined;
    // A copy that kept its original sessionId must not name the fork after its parent.
    builder.touch(copiedFrom !== undefined && record.sessionId === copiedFrom ? { ...record, sessionId: undefined } : record);
    if (copiedFrom === undefined) return this.dispatch(builder, record, uuid, line);
    const before = builder.count;
    this.dispatch(builder, record, uuid, line);
    this.forkCopies.from ??= copiedFrom;
    for (const id of builder.idsFrom(before)) this.forkCopies.messageIds.add(id);
    const apiId = record.type === 'assistant' ? str(apiMessageOf(record).id) : undefined;
    if (apiId !== undefined) this.forkCopies.apiIds.add(apiId);
  }

  private dispatch(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    switch (record.type) {
      case 'user':
        return this.user(builder, record, uuid, line);
      case 'assistant':
        return this.assistant(builder, record, uuid, line);
      case 'system':
        return this.system(builder, record, uuid, line);
      case 'attachment':
        return this.attachment(builder, record, uuid, line);
      case 'queue-operation':
        return this.queueOperation(builder, record, uuid, line);
      case 'summary':
        return this.summary(record, line);
      case 'custom-title':
        this.customTitle = str(record.customTitle)?.trim() || this.customTitle;
        return this.skip(record, uuid);
      case 'ai-title':
        this.aiTitle = str(record.aiTitle)?.trim() || this.aiTitle;
        return this.skip(record, uuid);
      default:
        if (typeof record.type !== 'string') return this.unknown(builder, record, uuid, line);
        if (record.type === 'progress' && this.agentProgress(record, uuid, line)) return;
        if (SILENT_TYPES.has(record.type)) return this.skip(record, uuid);
        if (NOTE_TYPES.has(record.type)) return this.note(builder, record, uuid, line);
        if (KEPT_TYPES.has(record.type)) return this.kept(builder, record, uuid, line);
        this.unknown(builder, record, uuid, line);
    }
  }

  /** 2.x subagent files carry `agentId` on sidechain records; main files never do. */
  private decideFileKind(record: RawRecord): void {
    this.subagentFile = record.isSidechain === true && typeof record.agentId === 'string';
    if (this.subagentFile) this.main.subagent = true;
  }

  private route(record: RawRecord, uuid: string | undefined, lineNo: number): ConversationBuilder {
    if (this.subagentFile || record.isSidechain !== true) return this.main;
    const parent = str(record.parentUuid);
    const { pool, sideRoot } = this.ids;
    const rootEntry = parent !== undefined ? sideRoot.get(pool.find(parent)) : -1;
    const root = rootEntry >= 0 ? pool.key(rootEntry) : (uuid ?? `line-${lineNo}`);
    if (uuid !== undefined) sideRoot.set(pool.intern(uuid), pool.intern(root));
    let builder = this.sidechains.get(root);
    if (!builder) {
      builder = this.builder(true);
      this.sidechains.set(root, builder);
    }
    return builder;
  }

  /**
   * A user or assistant record whose message is not in a shape this parser knows (not an object,
   * or content neither text nor blocks): kept as its raw line, never silently emptied, and named.
   */
  private oddShape(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine, role: 'user' | 'assistant'): boolean {
    const content = isObject(record.message) ? record.message.content : undefined;
    const known = isObject(record.message) ? content === undefined || typeof content === 'string' || Array.isArray(content) : record.message === undefined;
    if (known) return false;
    this.main.warnings.push({ line: line.lineNo, message: `A ${role} record in a shape Déjà Vu does not know, kept as its raw line` });
    builder.add(newMessage(record, uuid, line, role, 'unknown-shape', [{ type: 'generic', kind: `${role}:unknown-shape`, content: line.text }]), parentOf(record));
    return true;
  }

  private user(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    if (this.oddShape(builder, record, uuid, line, 'user')) return;
    const content = apiMessageOf(record).content;
    const { role, kind } = classifyUser(record, content, builder.subagent && !builder.taskSeen);
    if (kind === 'subagent-task') {
      builder.taskSeen = true;
      builder.task = leadingText(content);
    } else if (role === 'user') {
      notePrompt(builder, promptText(content), kind === 'slash-command');
      const text = kind === 'slash-command' ? leadingText(content) : undefined;
      this.lastSlash = text === undefined ? undefined : { label: slashCommandLabel(text), at: Date.parse(str(record.timestamp) ?? '') };
    }
    const parts = userParts(content);
    if (role === 'tool') expandPersistedOutputs(parts, record, this.companions, (message) => this.main.warnings.push({ line: line.lineNo, message }));
    builder.add(newMessage(record, uuid, line, role, kind, parts), parentOf(record));
  }

  private assistant(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    if (this.oddShape(builder, record, uuid, line, 'assistant')) return;
    const api = apiMessageOf(record);
    const model = this.modelName(str(api.model));
    const synthetic = model === '<synthetic>';
    // `<synthetic>` records are written by Claude Code itself (API errors, "No response requested").
    const kind = record.isApiErrorMessage === true ? 'api-error' : synthetic ? 'synthetic' : undefined;
    const message = newMessage(record, uuid, line, 'assistant', kind, assistantParts(api.content));
    if (model && !synthetic) {
      message.model = model;
      builder.models.add(model);
    }
    message.usage = usageOf(api.usage);
    if (builder === this.main && !this.subagentFile) noteTaskCalls(api.content, this.ids.tasks, this.taskCalls, this.taskLabels);
    builder.addAssistant(message, parentOf(record), uuid, str(api.id));
  }

  /** One string per model name: a huge file repeats it on every assistant message it holds in memory. */
  private modelName(model: string | undefined): string | undefined {
    if (model === undefined) return undefined;
    let name = this.modelNames.get(model);
    if (name === undefined) this.modelNames.set(model, (name = model));
    return name;
  }

  /** A subagent's message streamed into this transcript (agent-progress.ts); the record itself stays out of this thread. */
  private agentProgress(record: RawRecord, uuid: string | undefined, line: SourceLine): boolean {
    const progress = this.subagentFile ? undefined : agentProgressOf(record);
    if (!progress) return false;
    this.skip(record, uuid);
    const inner = str(progress.inner.uuid);
    if (inner !== undefined && !this.ids.firstTime(inner)) return true;
    let agent = this.progressAgents.get(progress.agentId);
    if (!agent) this.progressAgents.set(progress.agentId, (agent = { builder: this.builder(true), toolUseId: progress.toolUseId }));
    // Chained as the subagent's own file chains them (each to the one before).
    const streamed = agent.last === undefined ? progress.inner : { ...progress.inner, parentUuid: agent.last };
    agent.last = inner ?? agent.last;
    agent.builder.touch(streamed);
    if (streamed.type === 'user') this.user(agent.builder, streamed, inner, line);
    else this.assistant(agent.builder, streamed, inner, line);
    return true;
  }

  /** `type:"system"` records: compaction boundaries, API errors, hooks, local commands, … */
  private system(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    const kind = str(record.subtype) ?? 'system';
    const text = str(record.content);
    if (kind === 'local_command' && text?.trimStart().startsWith('<command-name>')) return this.localCommand(builder, record, uuid, line, text);
    const parts: Part[] = text ? [{ type: 'text', content: text }] : [{ type: 'generic', kind, content: payloadJson(record) }];
    builder.add(newMessage(record, uuid, line, 'system', kind, parts), parentOf(record));
  }

  /** A prompt typed ahead while the agent worked and taken into its turn (queue.ts): the person's. */
  private queueOperation(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    const taken = this.queue.operation(record, line.text);
    if (!taken) return this.skip(record, uuid);
    // Its text is on the enqueue line, not this one: the body stays in memory (a huge file's
    // bodies are made again from their own line).
    this.stowable = undefined;
    const message = newMessage(record, uuid, line, 'user', 'queued', userParts(taken.content));
    message.native = `${taken.native}\n${line.text}`;
    notePrompt(builder, promptText(taken.content), false);
    builder.add(message, parentOf(record));
  }

  /**
   * A command answered in Claude Code itself (`/model`, `/cost`, `/resume`…): later builds write
   * what the person typed only as this echo, no user record (README, "local_command"). An echo
   * of a command a user record already holds (2.1.101's `/reload-plugins`) is not a second one.
   */
  private localCommand(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine, text: string): void {
    const label = slashCommandLabel(text);
    const at = Date.parse(str(record.timestamp) ?? '');
    const typed = this.lastSlash;
    if (typed && typed.label === label && Math.abs(typed.at - at) < ECHO_WINDOW_MS) return this.skip(record, uuid);
    notePrompt(builder, text, true);
    builder.add(newMessage(record, uuid, line, 'user', 'slash-command', [{ type: 'text', content: text }]), parentOf(record));
  }

  /** Context the harness attached (hook output, reminders, listings, queued commands). */
  private attachment(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    const attachment = isObject(record.attachment) ? record.attachment : {};
    const type = str(attachment.type) ?? 'unknown';
    if (type === 'queued_command' && this.queue.repeats(attachment.prompt)) return this.skip(record, uuid);
    if (type === 'queued_command' && typedAhead(attachment)) {
      notePrompt(builder, promptText(attachment.prompt), false);
      builder.add(newMessage(record, uuid, line, 'user', 'queued', userParts(attachment.prompt)), parentOf(record));
      return;
    }
    const text = str(attachment.content) || str(attachment.prompt);
    const parts: Part[] = text ? [{ type: 'text', content: text }] : [{ type: 'generic', kind: type, content: JSON.stringify(attachment) }];
    builder.add(newMessage(record, uuid, line, 'system', `attachment:${type}`, parts), parentOf(record));
  }

  /** Session summaries (the /resume list title); kept as a message and as a title candidate. */
  private summary(record: RawRecord, line: SourceLine): void {
    if (!this.firstTimeLine(line.text)) return;
    const text = str(record.summary) ?? '';
    this.summaries.push({ leafUuid: str(record.leafUuid), text });
    this.main.add(newMessage(record, undefined, line, 'system', 'summary', [{ type: 'text', content: text }]), undefined);
  }

  /** A PR link, a mode change, a Remote Control session: a system note when it says something new. */
  private note(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    const note = this.notes.noteFor(record);
    if (!note) return this.skip(record, uuid);
    builder.add(newMessage(record, uuid, line, 'system', note.kind, [{ type: 'text', content: note.text }]), parentOf(record));
  }

  /** A record type Claude Code is known to write whose fields no source describes: kept verbatim, no warning. */
  private kept(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    if (uuid === undefined && !this.firstTimeLine(line.text)) return;
    const type = record.type as string;
    builder.add(newMessage(record, uuid, line, 'system', type, [{ type: 'generic', kind: type, content: line.text }]), parentOf(record));
  }

  private skip(record: RawRecord, uuid: string | undefined): void {
    if (uuid === undefined) return;
    const parent = parentOf(record);
    this.ids.skipped.set(this.ids.pool.intern(uuid), parent === undefined ? -1 : this.ids.pool.intern(parent));
  }

  /** A record type this parser does not know: kept verbatim, and reported once per file. */
  private unknown(builder: ConversationBuilder, record: RawRecord, uuid: string | undefined, line: SourceLine): void {
    if (uuid === undefined && !this.firstTimeLine(line.text)) return;
    const type = typeof record.type === 'string' ? record.type : '(no type)';
    if (!this.unknownTypes.has(type)) this.unknownTypes.set(type, line.lineNo);
    const parts: Part[] = [{ type: 'generic', kind: type, content: line.text }];
    builder.add(newMessage(record, uuid, line, 'system', type, parts), parentOf(record));
  }

  private firstTimeLine(text: string): boolean {
    if (this.seenLines.has(text)) return false;
    this.seenLines.add(text);
    return true;
  }
}
