/** The first line of a detection sample, the way every line-format detector reads it. */
import { parseJson } from './parse-json';

export interface FirstLine {
  /** The line, trimmed. */
  readonly text: string;
  /** No line break after it: the sample may have cut it (a line longer than the sample). */
  readonly cut: boolean;
  /** Its JSON value; undefined when it does not parse (cut off, or not JSON). */
  readonly record: unknown;
}

export function firstLine(head: string): FirstLine {
  const newline = head.indexOf('\n');
  const text = (newline === -1 ? head : head.slice(0, newline)).trim();
  let record: unknown;
  try {
    record = parseJson(text);
  } catch {
    record = undefined;
  }
  return { text, cut: newline === -1, record };
}
