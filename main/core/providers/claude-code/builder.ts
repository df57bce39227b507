/**
 * Collects the messages and metadata of one conversation (the main session, one in-file
 * sidechain, or one subagent file) while the file streams past, then resolves the tree links.
 */
import type { Message, ParseWarning, Usage } from '../../../../shared/record';
import { IntColumn } from '../kit/int-column';
import { addUsage } from './content';
import type { FileIds } from './file-ids';
import type { MessageTable } from './message-table';
import type { RawRecord } from './records';
import { str } from './records';

/** Where a huge file's read (lazy.ts) puts messages and their bodies instead of memory. */
export interface BodyStow {
  /** Takes the body of a message just added out of memory: its body's number (BodyPlaces). */
  start(message: Message): number;
  /** Adds the body of a record merged into the message whose body is number `body`. */
  add(body: number, message: Message): void;
  /** Where the messages go, as columns (message-table.ts): one table for all the builders of a file. */
  readonly table: MessageTable;
}

export class ConversationBuilder {
  /** The messages as read; a huge file's read keeps them in `stow.table` instead. */
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
  /** Subagent conversations: the task the parent agent wrote (first user text), as its number in `ids.tasks` (-1: none). */
  taskNumber = -1;
  /** Set once the first user text of a subagent conversation has been seen. */
  taskSeen = false;
  /** This builder's number in `ids` (FileIds.aliasOwner). */
  private readonly number: number;
  /**
   * A message is known by its row: its index in `messages`, or with `stow` its row in the file's
   * table, which `rows` lists in this conversation's order.
   */
  private readonly rows: IntColumn;
  private rowCount = 0;
  /**
   * The parent of each message, in order: its row when it was known when the message came (≥ 0),
   * else -(entry + 2) of the raw uuid in `ids`, resolved in resolvedMessages(); -1: none.
   */
  private readonly rawParents: IntColumn;
  /** Its first and last API message ids in `ids.apiIds` (FileIds.apiNext links them in order), -1 before the first. */
  private firstApi = -1;
  private lastApi = -1;
  /** The last message added, when it was an assistant one: split records merge into it. */
  private open?: { row: number; apiId: string; body: number };

  /**
   * `subagent`: the conversation is a subagent's, so its first user text is the task; `ids`: the
   * file's uuids, shared by its builders; `stow`: a huge file's read (lazy.ts).
   */
  constructor(
    public subagent: boolean,
    private readonly ids: FileIds,
    private readonly stow?: BodyStow,
  ) {
    this.number = ids.builders++;
    // A huge file's builders keep their columns in its spill file too.
    const spill = stow ? ids.spill : undefined;
    this.rows = new IntColumn(-1, spill);
    this.rawParents = new IntColumn(-1, spill);
  }

  /** The task the parent agent wrote (first user text), for subagent conversations. */
  get task(): string | undefined {
    return this.taskNumber < 0 ? undefined : this.ids.tasks.key(this.taskNumber);
  }

  set task(text: string | undefined) {
    this.taskNumber = text === undefined ? -1 : this.ids.tasks.intern(text);
  }

  /** How many messages it holds. */
  get count(): number {
    return this.stow ? this.rowCount : this.messages.length;
  }

  /** The bytes its columns take (the file's message table and ids left out): what a huge file's read holds besides the heap. */
  get byteLength(): number {
    return this.rows.byteLength + this.rawParents.byteLength;
  }

  /** The ids of its messages from the `from`th on. */
  idsFrom(from: number): string[] {
    const ids: string[] = [];
    for (let i = from; i < this.count; i += 1) ids.push(this.stow ? this.stow.table.id(this.rows.get(i)) : this.messages[i].id);
    return ids;
  }

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

  add(message: Message, rawParent: string | undefined): number {
    const at = this.count;
    const pool = this.ids.pool;
    // The row the parent resolves to when it is already known (an alias never changes).
    const known = rawParent === undefined ? -1 : this.aliasOf(pool.find(rawParent));
    this.rawParents.set(at, known >= 0 ? known : rawParent === undefined ? -1 : -(pool.intern(rawParent) + 2));
    const entry = pool.intern(message.id);
    let row = at;
    if (this.stow) {
      row = this.stow.table.push(message, entry, this.stow.start(message));
      this.rows.set(at, row);
      this.rowCount += 1;
    } else this.messages.push(message);
    this.setAlias(entry, row);
    this.open = undefined;
    return row;
  }

  /** Adds an assistant message, or merges it into the open one when it is the same API message. */
  addAssistant(message: Message, rawParent: string | undefined, uuid: string | undefined, apiId: string | undefined): void {
    const usage = message.usage;
    message.usage = undefined;
    const open = this.open;
    let row: number;
    if (open && apiId !== undefined && open.apiId === apiId) {
      if (this.stow) this.stow.add(open.body, message);
      else {
        const into = this.messages[open.row];
        for (const part of message.parts) into.parts.push(part);
        into.native += `\n${message.native}`;
      }
      if (uuid) this.setAlias(this.ids.pool.intern(uuid), open.row);
      row = open.row;
    } else {
      row = this.add(message, rawParent);
      if (apiId !== undefined) this.open = { row, apiId, body: this.stow ? this.stow.table.body(row) : -1 };
    }
    if (usage) this.recordUsage(apiId ?? `#${message.id}`, usage, row);
  }

  /** Keeps one usage per API message (the last seen: the split records repeat it, growing). */
  private recordUsage(apiId: string, usage: Usage, row: number): void {
    const { apiIds, apiUsageRow, apiNext } = this.ids;
    const entry = apiIds.intern(`${this.number}:${apiId}`);
    const first = apiUsageRow.get(entry);
    if (first < 0) {
      apiUsageRow.set(entry, row);
      if (this.lastApi >= 0) apiNext.set(this.lastApi, entry);
      else this.firstApi = entry;
      this.lastApi = entry;
    }
    this.setUsage(first < 0 ? row : first, usage);
  }

  private setUsage(row: number, usage: Usage): void {
    if (this.stow) this.stow.table.setUsage(row, usage);
    else this.messages[row].usage = usage;
  }

  /** The usage of the distinct API messages, less those in `exclude` (a fork's copies of its parent's). */
  totalUsage(exclude?: ReadonlySet<string>): Usage | undefined {
    let total: Usage | undefined;
    const { apiIds, apiUsageRow, apiNext } = this.ids;
    const prefix = `${this.number}:`.length;
    for (let entry = this.firstApi; entry >= 0; entry = apiNext.get(entry)) {
      if (exclude?.has(apiIds.key(entry).slice(prefix))) continue;
      const row = apiUsageRow.get(entry);
      const usage = this.stow ? this.stow.table.usageOf(row) : this.messages[row].usage;
      if (!usage) continue;
      total ??= {};
      addUsage(total, usage);
    }
    return total;
  }

  /**
   * The messages, each linked to its parent message: links pass through records that became no
   * message (progress, bookkeeping: FileIds.skipped). Copies, so the builder's own messages stay
   * as read and it can keep reading. A huge file's read (`stow`) is never read on: its messages
   * are its table's rows, made as they are asked for (MessageTable.view).
   */
  resolvedMessages(): Message[] {
    if (this.stow) {
      const table = this.stow.table;
      for (let i = 0; i < this.rowCount; i += 1) {
        const row = this.rows.get(i);
        const parent = this.resolve(this.rawParents.get(i));
        if (parent >= 0 && parent !== row) table.setParent(row, parent);
      }
      this.rows.trim(this.rowCount);
      return table.view(this.rows, this.rowCount);
    }
    return this.messages.map((m, row) => {
      const copy: Message = { ...m, parts: [...m.parts] };
      const parent = this.resolve(this.rawParents.get(row));
      if (parent >= 0 && parent !== row) copy.parentId = this.messages[parent].id;
      return copy;
    });
  }

  /** The row a raw parent (rawParents) ends in, or -1. */
  private resolve(raw: number): number {
    if (raw >= -1) return raw;
    let entry = -(raw + 2);
    // Bounded: a malformed file could hold a parent cycle among skipped records.
    for (let hops = 0; entry >= 0 && hops < 10_000; hops += 1) {
      const row = this.aliasOf(entry);
      if (row >= 0) return row;
      entry = this.ids.skipped.get(entry);
    }
    return -1;
  }

  /** The row uuid entry `entry` ended up in, when in this builder; -1 otherwise. */
  private aliasOf(entry: number): number {
    return entry >= 0 && this.ids.aliasOwner.get(entry) === this.number ? this.ids.aliasRow.get(entry) : -1;
  }

  private setAlias(entry: number, row: number): void {
    this.ids.aliasOwner.set(entry, this.number);
    this.ids.aliasRow.set(entry, row);
  }
}
