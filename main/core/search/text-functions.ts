/**
 * The SQL function a search walk checks a row's text with (search.ts): message_text.text is
 * stored deflated when long (row-text.ts), so SQLite's LIKE cannot read it. One call per row
 * checks every term, so a row is inflated once.
 */
import type Database from 'better-sqlite3';
import { unpackText } from './row-text';

/** `text_has(text, '["must", …]', '["must not", …]')`: 1 when the text holds every first term (any case) and none of the second. */
export const TEXT_HAS = 'dejavu_text_has';

const registered = new WeakSet<Database.Database>();

/** Registers the function on `db` (once per connection). */
export function textFunctions(db: Database.Database): void {
  if (registered.has(db)) return;
  registered.add(db);
  const lists = new Map<string, string[]>();
  const needles = (json: string) => {
    let list = lists.get(json);
    if (!list) {
      if (lists.size > 64) lists.clear();
      list = (JSON.parse(json) as string[]).map((t) => t.toLowerCase());
      lists.set(json, list);
    }
    return list;
  };
  db.function(TEXT_HAS, { deterministic: true }, (stored: unknown, must: unknown, mustNot: unknown) => {
    const text = unpackText(stored as string | Uint8Array).toLowerCase();
    return needles(String(must)).every((n) => text.includes(n)) && !needles(String(mustNot)).some((n) => text.includes(n)) ? 1 : 0;
  });
}
