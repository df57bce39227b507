/**
 * The SQL function a search walk checks a row's text with (search.ts): message_text.text is
 * stored deflated when long (row-text.ts), so SQLite's LIKE cannot read it. One call per row
 * checks every term, so a row is inflated once.
 */
import type Database from 'better-sqlite3';
import { unpackText } from './row-text';

/** `text_has(text, '["must", …]', '["must not", …]')`: 1 when the text holds every first term (any case) and none of the second. */
export const TEXT_HAS = 'dejavu_text_has';

/** How many characters of text the function has read on a connection (search.ts bounds a ranked walk by it). */
export interface TextMeter {
  read: number;
}

const registered = new WeakMap<Database.Database, TextMeter>();

/** Registers the function on `db` (once per connection); returns its meter. */
export function textFunctions(db: Database.Database): TextMeter {
  const known = registered.get(db);
  if (known) return known;
  const meter: TextMeter = { read: 0 };
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
  db.function(TEXT_HAS, { deterministic: true }, (stored: unknown, must: unknown, mustNot: unknown) => {
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
