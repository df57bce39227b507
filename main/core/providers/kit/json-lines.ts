/** Reads a JSONL session the way every line-format provider does. */
import { isObject, type Json, shortError } from './json';
import { closeCutJson } from './json-cut';
import { parseJson } from './parse-json';
import type { ParseContext, SourceLine } from './provider';

export interface JsonLine {
  readonly lineNo: number;
  readonly raw: string;
}

export type LineWarn = (lineNo: number, message: string) => void;

/**
 * The JSON value of one source line. What the reader and the parse had to do to read it (a
 * re-encoded file, escaped control characters, nesting kept as text, a cut line closed) becomes
 * warnings on that line; a line that is not JSON throws, for the caller's own "skipped" warning.
 */
export function parseLine(line: Pick<SourceLine, 'text' | 'lineNo' | 'notes' | 'cut'>, warn: LineWarn): unknown {
  for (const note of line.notes ?? []) warn(line.lineNo, note);
  const note = (message: string) => warn(line.lineNo, message);
  try {
    return parseJson(line.text, note);
  } catch (error) {
    // A line cut for good: keep what it holds up to the cut rather than nothing.
    const closed = line.cut ? closeCutJson(line.text) : undefined;
    if (closed === undefined) throw error;
    const value = parseJson(closed, note);
    note(`Kept what the cut line holds up to where it ends (${line.text.length} characters)`);
    return value;
  }
}

/**
 * The JSON object one non-blank source line holds, the way every line-format provider reads it:
 * a line that does not parse, or is not an object, becomes a warning (`notObject` words the
 * latter for formats with their own record shape) and is skipped, never the session.
 */
export function readRecord(line: SourceLine, warn: LineWarn, notObject = 'Line is not a JSON object; skipped'): Json | undefined {
  let record: unknown;
  try {
    record = parseLine(line, warn);
  } catch (error) {
    warn(line.lineNo, `Unreadable JSON line skipped: ${shortError(error)}`);
    return undefined;
  }
  if (isObject(record)) return record;
  warn(line.lineNo, notObject);
  return undefined;
}

/**
 * Hands each non-blank line that is a JSON object to `visit` (see readRecord). Returns whether
 * the file had any non-blank line at all.
 */
export async function forEachJsonRecord(ctx: ParseContext, warn: LineWarn, visit: (record: Json, line: JsonLine) => void): Promise<boolean> {
  let sawLine = false;
  for await (const line of ctx.lines()) {
    if (!line.text.trim()) continue;
    sawLine = true;
    const record = readRecord(line, warn);
    if (record) visit(record, { lineNo: line.lineNo, raw: line.text });
  }
  return sawLine;
}
