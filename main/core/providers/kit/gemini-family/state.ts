/**
 * What a Gemini CLI chat file says, replayed in file order: message records are upserted by id
 * (the JSONL file rewrites a message each time it grows: tool calls, tokens), `$set` patches the
 * metadata, `$set.messages` is a checkpoint of the history, `$rewindTo` undoes messages.
 *
 * Deliberate difference from the CLI's own loader: nothing is ever dropped. The CLI's rewind
 * and checkpoint remove messages from what it resumes, but the person typed and saw them, so
 * here rewound messages stay as an abandoned branch (see build.ts) and messages a checkpoint
 * leaves out stay where they were; the turns a checkpoint repeats under new ids are shown once
 * (checkpoint.ts).
 */
import type { Json } from '../json';

export interface Entry {
  /** Native message id (unique among live entries). */
  readonly id: string;
  /** The latest version of the record. */
  record: Json;
  /** Its raw text (the JSONL line, or the record re-serialized from a single JSON file). */
  raw: string;
  line?: number;
  /** First-seen order. */
  readonly seq: number;
  /** A record this parser could not place (no id): kept as a generic message. */
  readonly unknown?: boolean;
  /** A `$rewindTo` marker: `target` is the message it undid from, `after` the entry before it. */
  readonly rewind?: { readonly target: string; readonly after?: Entry };
  /** A turn the CLI wrote again under a new id (checkpoint.ts): shown once, as the original. */
  copyOf?: Entry;
  /** A turn the CLI made itself (a compression's summary…): shown as a system message of this kind. */
  harness?: string;
  /** Read from a checkpoint, not from a line of its own. */
  readonly checkpointed?: boolean;
}

export class ChatState {
  /** Header fields merged with every `$set` (minus `messages`). */
  readonly meta: Json = {};
  /** Every entry in first-seen order, abandoned ones and rewind markers included. */
  readonly entries: Entry[] = [];
  /** Live messages in order (a Map keeps first insertion order, as the CLI's does). */
  private readonly live = new Map<string, Entry>();
  /** Ids the CLI gave a copy of a turn (checkpoint.ts) → the id of the turn it copies. */
  private readonly aliases = new Map<string, string>();
  /** Every message id read so far, live or not. */
  private readonly known = new Set<string>();
  /** Every entry by id, live or not (the latest under an id). */
  private readonly byId = new Map<string, Entry>();
  /**
   * The model's history as the CLI holds it, as far as the file tells: what the last checkpoint
   * listed, then each new line; cut by a rewind. A compression's summary comes before the turns
   * it kept there, after their originals in `entries`.
   */
  private history: Entry[] = [];
  private seq = 0;
  /** `seq` of the first entry read after the last checkpoint. */
  private checkpointSeq = 0;

  setMeta(fields: Json): void {
    for (const [key, value] of Object.entries(fields)) if (key !== 'messages') this.meta[key] = value;
  }

  upsert(id: string, record: Json, raw: string, line?: number): void {
    if (this.aliases.has(id)) return; // a copy growing again: the original is what is shown
    const existing = this.live.get(id);
    if (existing) {
      existing.record = record;
      existing.raw = raw;
      if (line !== undefined) existing.line = line;
      return;
    }
    const entry: Entry = { id, record, raw, line, seq: this.seq++ };
    this.add(entry, true);
    this.history.push(entry);
  }

  /** A message only a checkpoint holds (checkpoint.ts decides which), added where it is read. */
  addFromCheckpoint(id: string, record: Json, line: number | undefined, harness?: string): void {
    const entry: Entry = { id, record, raw: JSON.stringify(record), line, seq: this.seq++, checkpointed: true };
    this.add(harness ? { ...entry, harness } : entry, true);
  }

  /** A checkpoint listing `ids` was read: it is the CLI's history now, and what follows is read after it. */
  markCheckpoint(ids: readonly string[]): void {
    // `<id>_response` names its gemini record too: each entry once.
    this.history = [...new Set(ids.flatMap((id) => this.entryOf(id) ?? []))];
    this.checkpointSeq = this.seq;
  }

  /** The entry an id names, a copy's id naming the turn it copies; live or not. */
  entryOf(id: string): Entry | undefined {
    return this.byId.get(this.aliases.get(id) ?? id);
  }

  modelHistory(): readonly Entry[] {
    return this.history;
  }

  sinceCheckpoint(entry: Entry): boolean {
    return entry.seq >= this.checkpointSeq;
  }

  /** `id` names a copy of `original`'s turn from now on; a live entry under it is hidden. */
  alias(id: string, original: Entry): void {
    this.aliases.set(id, original.id);
    this.known.add(id);
    const copy = this.live.get(id);
    if (copy && copy !== original) {
      copy.copyOf = original;
      this.live.delete(id);
    }
  }

  isKnown(id: string): boolean {
    return this.known.has(id);
  }

  liveEntry(id: string): Entry | undefined {
    return this.live.get(id) ?? this.live.get(this.aliases.get(id) ?? '');
  }

  liveEntries(): Entry[] {
    return [...this.live.values()];
  }

  /** The target and everything after it leave the live history (the CLI clears all if not found). */
  rewind(target: string, raw: string, line?: number): void {
    const ordered = [...this.live.values()];
    const undone = this.aliases.get(target) ?? target;
    const at = ordered.findIndex((e) => e.id === undone);
    const from = at === -1 ? 0 : at;
    for (const e of ordered.slice(from)) this.live.delete(e.id);
    const cut = this.history.findIndex((e) => e.id === undone);
    this.history = cut === -1 ? [] : this.history.slice(0, cut);
    const after = from > 0 ? ordered[from - 1] : undefined;
    this.add({ id: `rewind@${line ?? this.seq}`, record: {}, raw, line, seq: this.seq++, rewind: { target, after } }, false);
  }

  unknown(record: Json, raw: string, line?: number): void {
    this.add({ id: `L${line ?? this.seq}`, record, raw, line, seq: this.seq++, unknown: true }, false);
  }

  private add(entry: Entry, live: boolean): void {
    this.entries.push(entry);
    if (live) {
      this.live.set(entry.id, entry);
      this.byId.set(entry.id, entry);
      this.known.add(entry.id);
    }
  }
}
