/** Reads a JSONL session the way every line-format provider does. */
import { isObject, type Json, shortError } from './json';
import type { ParseContext } from './provider';

export interface JsonLine {
  readonly lineNo: number;
  readonly raw: string;
}

/**
 * Hands each non-blank line that is a JSON object to `visit`; a line that does not parse, or is
 * not an object, becomes a warning and is skipped (never the session). Returns whether the file
 * had any non-blank line at all.
 */
export async function forEachJsonRecord(
  ctx: ParseContext,
  warn: (lineNo: number, message: string) => void,
  visit: (record: Json, line: JsonLine) => void,
): Promise<boolean> {
  let sawLine = false;
  for await (const { text, lineNo } of ctx.lines()) {
    if (!text.trim()) continue;
    sawLine = true;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      warn(lineNo, `Unreadable JSON line skipped: ${shortError(error)}`);
      continue;
    }
    if (!isObject(record)) {
      warn(lineNo, 'Line is not a JSON object; skipped');
      continue;
    }
    visit(record, { lineNo, raw: text });
  }
  return sawLine;
}
