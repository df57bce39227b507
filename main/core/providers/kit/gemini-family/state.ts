/**
 * What a Gemini CLI chat file says, replayed in file order: message records are upserted by id
 * (the JSONL file rewrites a message each time it grows: tool calls, tokens), `$set` patches the
 * metadata, `$set.messages` is a checkpoint of the history, `$rewindTo` undoes messages.
 *
 * Deliberate difference from the CLI's own loader: nothing is ever dropped. The CLI's rewind
 * and checkpoint remove messages from what it resumes, but the person typed and saw them, so
 * here rewound messages stay as an abandoned branch (see build.ts) and messages a checkpoint
 * leaves out stay where they were.
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
}

export class ChatState {
  /** Header fields merged with every `$set` (minus `messages`). */
  readonly meta: Json = {};
  /** Every entry in first-seen order, abandoned ones and rewind markers included. */
  readonly entries: Entry[] = [];
  /** Live messages in order (a Map keeps first insertion order, as the CLI's does). */
  private readonly live = new Map<string, Entry>();
  private seq = 0;

  setMeta(fields: Json): void {
    for (const [key, value] of Object.entries(fields)) if (key !== 'messages') this.meta[key] = value;
  }

  upsert(id: string, record: Json, raw: string, line?: number): void {
    const existing = this.live.get(id);
    if (existing) {
      existing.record = record;
      existing.raw = raw;
      if (line !== undefined) existing.line = line;
      return;
    }
    this.add({ id, record, raw, line, seq: this.seq++ }, true);
  }

  /** A checkpoint adds messages not seen yet; known ones keep what was recorded when shown. */
  checkpoint(messages: Array<{ id: string; record: Json }>, line?: number): void {
    for (const m of messages) if (!this.live.has(m.id)) this.upsert(m.id, m.record, JSON.stringify(m.record), line);
  }

  /** The target and everything after it leave the live history (the CLI clears all if not found). */
  rewind(target: string, raw: string, line?: number): void {
    const ordered = [...this.live.values()];
    const at = ordered.findIndex((e) => e.id === target);
    const from = at === -1 ? 0 : at;
    for (const e of ordered.slice(from)) this.live.delete(e.id);
    const after = from > 0 ? ordered[from - 1] : undefined;
    this.add({ id: `rewind@${line ?? this.seq}`, record: {}, raw, line, seq: this.seq++, rewind: { target, after } }, false);
  }

  unknown(record: Json, raw: string, line?: number): void {
    this.add({ id: `L${line ?? this.seq}`, record, raw, line, seq: this.seq++, unknown: true }, false);
  }

  isLive(entry: Entry): boolean {
    return this.live.get(entry.id) === entry;
  }

  private add(entry: Entry, live: boolean): void {
    this.entries.push(entry);
    if (live) this.live.set(entry.id, entry);
  }
}
