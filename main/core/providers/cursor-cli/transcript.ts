/** Cursor agent transcripts: JSONL, one `{role, message:{content:[…]}}` per line, no timestamps or ids. */
import type { ParseContext } from '../kit/provider';
import type { CursorBuilder } from './builder';
import { forEachJsonRecord } from '../kit/json-lines';
import { obj, str } from '../kit/json';

/** Feeds every line to the builder; returns false when the file had no lines at all. */
export async function readTranscript(ctx: ParseContext, b: CursorBuilder): Promise<boolean> {
  return forEachJsonRecord(ctx, (lineNo, message) => b.warn(lineNo, message), (record, { lineNo, raw }) => {
    const message = obj(record.message);
    const role = str(record.role) ?? str(message?.role) ?? '';
    b.message({ key: `L${lineNo}`, raw, lineNo }, role, message ? message.content : record.content);
  });
}
