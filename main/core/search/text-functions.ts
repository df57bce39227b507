/**
 * The SQL function a search walk checks a row's text with (search.ts): message_text.text is
 * stored deflated when long (row-text.ts), so SQLite's LIKE cannot read it. One call per row
 * checks every term, so a row is inflated once.
 */
import type Database from 'better-sqlite3';
import { unpackText } from './row-text';
import { rowKeyOf } from './row-keys';

/**
 * `text_has(text, '["must", …]', '["must not", …]', rowid)`: 1 when the text holds every first
 * term (any case) and none of the second. Also 1, without reading it, for every row from the first
 * row of a conversation met once the meter's budget is spent (a stop row: TextMeter.stopped).
 */
export const TEXT_HAS = 'dejavu_text_has';

/**
 * How many characters of text the function has read on a connection (search.ts bounds a ranked
 * walk by it), and the budget of one search page. The function reads the whole conversation it is
 * in (its rows are contiguous in rowid, row-keys.ts) and lets the walk stop before the next one:
 * a walk the index cannot narrow checks rows inside SQLite, which yields no row of its own until
 * one matches, so only the function can end it.
 */
export interface TextMeter {
  read: number;
  /** Characters a page may read before it stops at the next conversation (Infinity: unbounded). */
  budget: number;
  /** Row key of the conversation the function read last: the page searched it whole. */
  lastKey: number | undefined;
  /** The budget was spent at a conversation's first row: that row, and every one after, answers 1 unread. */
  stopped: boolean;
}

/** Starts a walk's count: nothing read, `budget` characters to read (search.ts). */
export function startReading(meter: TextMeter, budget = Number.POSITIVE_INFINITY): void {
  meter.read = 0;
  meter.budget = budget;
  meter.lastKey = undefined;
  meter.stopped = false;
}

const registered = new WeakMap<Database.Database, TextMeter>();

/** Registers the function on `db` (once per connection); returns its meter. */
export function textFunctions(db: Database.Database): TextMeter {
  const known = registered.get(db);
  if (known) return known;
  const meter: TextMeter = { read: 0, budget: Number.POSITIVE_INFINITY, lastKey: undefined, stopped: false };
  registered.set(db, meter);
  const lists = new Map<string, RegExp[]>();
  // A case-insensitive RegExp per term, not the text lower-cased: 8x cheaper on the long rows a
  // phrase's candidates are (README.md); inflating them is the rest of the cost.
  const matchers = (json: string) => {
    let list = lists.get(json);
    if (!list) {
      if (lists.size > 64) lists.clear();
      list = (JSON.parse(json) as string[]).map((t) => new RegExp(literal(t), 'i'));
      lists.set(json, list);
    }
    return list;
  };
  // Not deterministic: a stop row's answer depends on what the walk read before it.
  db.function(TEXT_HAS, (stored: unknown, must: unknown, mustNot: unknown, rowid: unknown) => {
    if (meter.stopped) return 1;
    const key = rowKeyOf(Number(rowid));
    if (key !== meter.lastKey) {
      // lastKey set: a page reads at least one conversation, so the next page starts further back.
      if (meter.read >= meter.budget && meter.lastKey !== undefined) {
        meter.stopped = true;
        return 1;
      }
      meter.lastKey = key;
    }
    const text = unpackText(stored as string | Uint8Array);
    meter.read += text.length;
    return matchers(String(must)).every((re) => re.test(text)) && !matchers(String(mustNot)).some((re) => re.test(text)) ? 1 : 0;
  });
  return meter;
}

/** A RegExp source matching `text` as written (its special characters escaped). */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
