/**
 * The messages of a huge file's read (lazy.ts) as columns of numbers instead of objects: its
 * id as a number in the read's IdPool, its parent as a row, its timestamp in ms, its role, kind
 * and model as small numbers into lists of the names seen, its usage in token columns, and
 * where its body is (BodyPlaces). ~40 bytes a message where a `Message` object with its id and
 * timestamp strings was ~245 (with a spill file, the columns are in it: kit/spill-file.ts). One table holds every conversation of a file (a conversation is a
 * list of rows: ConversationBuilder), so a sidechain of ten messages costs ten rows, not a table.
 * A `Message` is made only when a row is asked for (`view()`), by
 * the writer, the indexer and the digest as they walk the conversation, and let go after.
 */
import type { Message, Role, Usage } from '../../../../shared/record';
import { FloatColumn, IntColumn } from '../kit/int-column';
import type { IdPool } from '../kit/id-pool';
import type { MessageBody } from '../kit/line-bodies';
import type { SpillFile } from '../kit/spill-file';

/** Where a made message keeps its row: not enumerable, so copies and JSON leave it out. */
const ROW = Symbol('row');
const ROLES: readonly Role[] = ['user', 'assistant', 'tool', 'system'];
const USAGE_KEYS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;
/** The fields a Claude Code message has (record-message.ts, parse.ts); any other is a bug here. */
/** A token count not given (Int32's least value, which no count is). */
const ABSENT = -0x80000000;
const KNOWN = new Set(['id', 'parentId', 'role', 'timestamp', 'model', 'usage', 'kind', 'parts', 'native', 'source']);

/** Strings numbered in the order seen, for columns of few distinct values (kinds, models). */
class Names {
  private readonly numbers = new Map<string, number>();
  private readonly names: string[] = [];
  /** 0 for undefined, else the name's number + 1. */
  of(name: string | undefined): number {
    if (name === undefined) return 0;
    let n = this.numbers.get(name);
    if (n === undefined) {
      n = this.names.push(name);
      this.numbers.set(name, n);
    }
    return n;
  }
  name(n: number): string | undefined {
    return n === 0 ? undefined : this.names[n - 1];
  }
}

export class MessageTable {
  private rows = 0;
  private readonly ids: IntColumn;
  private readonly parents: IntColumn;
  private readonly bodies: IntColumn;
  /** role | kind << 2 | model << 17 (kinds and models are few: Names numbers them). */
  private readonly names: IntColumn;
  private readonly times: FloatColumn;
  /** A timestamp that is not what `new Date(ms).toISOString()` gives back, kept as written. */
  private readonly oddTimes = new Map<number, string>();
  private readonly usageRows: IntColumn;
  /** Token counts as 32-bit integers (ABSENT: no such count) … */
  private readonly usage: IntColumn[];
  /** … and a usage with a count that is not one (fractional, negative past 32 bits, huge), kept as written. */
  private readonly oddUsage = new Map<number, Usage>();
  private usageCount = 0;
  private readonly kinds = new Names();
  private readonly models = new Names();
  private cached?: { row: number; message: Message };
  private cachedBody?: { row: number; body: MessageBody };
  private readonly accessors: PropertyDescriptorMap;

  /** `pool`: where the ids are numbered; `load(id, body)`: a message's body by its BodyPlaces number; `spill`: where the columns live instead of memory. */
  constructor(
    private readonly pool: IdPool,
    private readonly load: (id: string, body: number) => MessageBody,
    spill?: SpillFile,
  ) {
    this.ids = new IntColumn(-1, spill);
    this.parents = new IntColumn(-1, spill);
    this.bodies = new IntColumn(-1, spill);
    this.names = new IntColumn(0, spill);
    this.times = new FloatColumn(spill);
    this.usageRows = new IntColumn(-1, spill);
    this.usage = USAGE_KEYS.map(() => new IntColumn(ABSENT, spill));
    const bodyOf = (row: number) => this.bodyOf(row);
    const accessor = (key: 'parts' | 'native'): PropertyDescriptor => ({
      get(this: { [ROW]: number }) {
        return bodyOf(this[ROW])[key];
      },
      set(this: Message, value: unknown) {
        Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
      },
      enumerable: true,
      configurable: true,
    });
    this.accessors = { parts: accessor('parts'), native: accessor('native') };
  }

  get length(): number {
    return this.rows;
  }

  /** Adds a message (its parts and native already in BodyPlaces as body `body`); returns its row. */
  push(message: Message, idEntry: number, body: number): number {
    for (const key of Object.keys(message)) if (!KNOWN.has(key)) throw new Error(`a huge file's message has a field the message table does not keep: ${key}`);
    const row = this.rows;
    this.rows += 1;
    this.ids.set(row, idEntry);
    this.bodies.set(row, body);
    const kind = this.kinds.of(message.kind);
    const model = this.models.of(message.model);
    if (kind >= 1 << 15 || model >= 1 << 14) throw new Error('a huge file with more than 32,767 message kinds or 16,383 models');
    this.names.set(row, ROLES.indexOf(message.role) | (kind << 2) | (model << 17));
    if (message.timestamp !== undefined) {
      const ms = Date.parse(message.timestamp);
      if (Number.isFinite(ms) && new Date(ms).toISOString() === message.timestamp) this.times.set(row, ms);
      else this.oddTimes.set(row, message.timestamp);
    }
    if (message.usage) this.setUsage(row, message.usage);
    return row;
  }

  /** The BodyPlaces number of row `row`'s body. */
  body(row: number): number {
    return this.bodies.get(row);
  }

  id(row: number): string {
    return this.pool.key(this.ids.get(row));
  }

  setParent(row: number, parentRow: number): void {
    this.parents.set(row, parentRow);
  }

  usageOf(row: number): Usage | undefined {
    const at = this.usageRows.get(row);
    if (at < 0) return undefined;
    const odd = this.oddUsage.get(at);
    if (odd) return { ...odd };
    const usage: Usage = {};
    USAGE_KEYS.forEach((key, i) => {
      const n = this.usage[i].get(at);
      if (n !== ABSENT) usage[key] = n;
    });
    return usage;
  }

  setUsage(row: number, usage: Usage | undefined): void {
    if (!usage) return this.usageRows.set(row, -1);
    let at = this.usageRows.get(row);
    if (at < 0) this.usageRows.set(row, (at = this.usageCount++));
    const exact = USAGE_KEYS.every((key) => usage[key] === undefined || (Number.isInteger(usage[key]) && usage[key] > ABSENT && usage[key] <= 0x7fffffff));
    if (exact) this.oddUsage.delete(at);
    else this.oddUsage.set(at, { ...usage });
    USAGE_KEYS.forEach((key, i) => this.usage[i].set(at, exact ? (usage[key] ?? ABSENT) : ABSENT));
  }

  /** The message of row `row`, made now: its metadata as fields, its body read when asked for. */
  message(row: number): Message {
    if (this.cached?.row === row) return this.cached.message;
    const m = Object.defineProperty({ id: this.id(row) } as Record<string, unknown>, ROW, { value: row });
    const parent = this.parents.get(row);
    if (parent >= 0) m.parentId = this.id(parent);
    const names = this.names.get(row);
    m.role = ROLES[names & 3];
    const time = this.oddTimes.get(row) ?? this.times.get(row);
    if (typeof time === 'string' || !Number.isNaN(time)) m.timestamp = typeof time === 'string' ? time : new Date(time).toISOString();
    const model = this.models.name(names >>> 17);
    if (model !== undefined) m.model = model;
    const usage = this.usageOf(row);
    if (usage) m.usage = usage;
    const kind = this.kinds.name((names >>> 2) & 0x7fff);
    if (kind !== undefined) m.kind = kind;
    m.source = 0;
    const message = Object.defineProperties(m, this.accessors) as unknown as Message;
    this.cached = { row, message };
    return message;
  }

  /**
   * Rows as a read-only array of messages, each made when asked for (`message`): what a
   * conversation's `messages` is, so the whole file's messages are never objects at once.
   * `rows`: the conversation's rows in order (the first `length`); all of them, in order, if left out.
   */
  view(rows?: IntColumn, length = this.rows): Message[] {
    // What the view is, on its (empty) target; the handler is one for every view: a huge file has
    // a conversation per sidechain, and a handler of closures per view weighed ~500 bytes each.
    const target = Object.defineProperty([] as Message[], VIEW, { value: { table: this, rows, length } satisfies View });
    return new Proxy(target, VIEW_HANDLER);
  }

  /** The bytes its columns take (room not used yet included), the names and odd timestamps left out. */
  get byteLength(): number {
    const columns = [this.ids, this.parents, this.bodies, this.names, this.times, this.usageRows, ...this.usage];
    return columns.reduce((n, c) => n + c.byteLength, 0);
  }

  /** Gives back the room grown for rows that never came: called once the read is over. */
  trim(): void {
    for (const c of [this.ids, this.parents, this.bodies, this.names, this.times, this.usageRows]) c.trim(this.rows);
    for (const c of this.usage) c.trim(this.usageCount);
  }

  private bodyOf(row: number): MessageBody {
    if (this.cachedBody?.row !== row) this.cachedBody = { row, body: this.load(this.id(row), this.bodies.get(row)) };
    return this.cachedBody.body;
  }
}

/** A conversation's rows as seen through `view()`: the first `length` of `rows` (all rows, in order, without it). */
interface View {
  readonly table: MessageTable;
  readonly rows?: IntColumn;
  readonly length: number;
}

/** Where a view's target keeps what it shows: not enumerable, and a symbol, so no index or key of an array meets it. */
const VIEW = Symbol('view');

function viewOf(target: Message[]): View {
  return (target as unknown as { [VIEW]: View })[VIEW];
}

function indexOf(key: string | symbol): number {
  return typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1;
}

/** The one handler of every view: reads what to show from the target (VIEW). */
const VIEW_HANDLER: ProxyHandler<Message[]> = {
  get(target, key, receiver) {
    const view = viewOf(target);
    if (key === 'length') return view.length;
    const at = indexOf(key);
    if (at >= 0) return at < view.length ? view.table.message(view.rows ? view.rows.get(at) : at) : undefined;
    return Reflect.get(target, key, receiver) as unknown;
  },
  has(target, key) {
    const at = indexOf(key);
    return at >= 0 ? at < viewOf(target).length : Reflect.has(target, key);
  },
  set(_target, key) {
    throw new Error(`a huge file's messages are read-only (set ${String(key)}): copy them first`);
  },
  deleteProperty(_target, key) {
    throw new Error(`a huge file's messages are read-only (delete ${String(key)}): copy them first`);
  },
};
