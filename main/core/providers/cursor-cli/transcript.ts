/** Cursor agent transcripts: JSONL, one `{role, message:{content:[…]}}` per line, no timestamps or ids. */
import type { ParseContext } from '../provider';
import type { CursorBuilder } from './builder';
import { isObject, obj, shortError, str } from './json';

/** Feeds every line to the builder; returns false when the file had no lines at all. */
export async function readTranscript(ctx: ParseContext, b: CursorBuilder): Promise<boolean> {
  let sawLine = false;
  for await (const { text, lineNo } of ctx.lines()) {
    if (!text.trim()) continue;
    sawLine = true;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      b.warn(lineNo, `Unreadable JSON line skipped: ${shortError(error)}`);
      continue;
    }
    if (!isObject(record)) {
      b.warn(lineNo, 'Line is not a JSON object; skipped');
      continue;
    }
    const message = obj(record.message);
    const role = str(record.role) ?? str(message?.role) ?? '';
    b.message({ key: `L${lineNo}`, raw: text, lineNo }, role, message ? message.content : record.content);
  }
  return sawLine;
}
