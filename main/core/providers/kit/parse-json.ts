/**
 * The one JSON.parse every provider reads source text through. It keeps what plain JSON.parse
 * would lose or choke on, and says what it did through `note`:
 * - raw control characters (a NUL byte, a raw tab…) inside strings, which JSON forbids, are
 *   read as their escapes instead of dropping the whole record (and the prompt in it);
 * - nesting deeper than MAX_JSON_DEPTH is kept as JSON text (see json-depth.ts), so nothing
 *   downstream overflows the stack;
 * - a `\ud800`-style escape with no other half is named: the archive stores it as U+FFFD.
 * Text that is still not JSON throws the SyntaxError of the text as written.
 */
import { flattenBelow, MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

/** Told what the parse had to do; `at` is where in the text (for a document, to name its line). */
export type JsonNote = (message: string, at: number) => void;

export function parseJson(text: string, note: JsonNote = () => undefined): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const escaped = escapeControlCharacters(text);
    if (!escaped) throw error;
    try {
      value = JSON.parse(escaped.text);
    } catch {
      throw error;
    }
    note(`Raw control character(s) ${escaped.names.join(', ')} inside a JSON string, which JSON does not allow; read as escapes`, escaped.first);
    text = escaped.text;
  }
  // Each level takes at least two characters, so a short text cannot be too deep.
  if (text.length > 2 * MAX_JSON_DEPTH && nestsDeeperThan(value)) {
    const flat = flattenBelow(text);
    value = JSON.parse(flat.text);
    note(`JSON nested more than ${MAX_JSON_DEPTH} levels deep; everything below level ${MAX_JSON_DEPTH} is kept as its JSON text`, flat.firstCut);
  }
  // Only a text with a surrogate escape can hold half a character: the walk is for those alone.
  const escape = SURROGATE_ESCAPE.exec(text);
  if (escape && holdsLoneSurrogate(value)) note('A \\u escape for half a character (a lone surrogate) inside a JSON string; kept as �', escape.index);
  return value;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** ES2024's String.prototype.isWellFormed (Node 20+); the project's lib is ES2023. */
export const wellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !wellFormed(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  return Object.entries(value).some(([k, v]) => !wellFormed(k) || holdsLoneSurrogate(v));
}

/** `parseJson` of a whole document (not one line): what it notes is told with the line it is on. */
export function parseJsonDocument(text: string, warn: (line: number | undefined, message: string) => void): unknown {
  return parseJson(text, (message, at) => warn(at >= 0 ? lineAt(text, at) : undefined, message));
}

/** 1-based line number of an index. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** `parseJson` that returns undefined instead of throwing. */
export function tryParseJson(text: string | undefined, note?: JsonNote): unknown {
  if (text === undefined) return undefined;
  try {
    return parseJson(text, note);
  } catch {
    return undefined;
  }
}

/**
 * The text with every character below U+0020 inside a JSON string written as its `\u00XX`
 * escape, and the names of those characters; undefined when there is none.
 */
function escapeControlCharacters(text: string): { text: string; names: string[]; first: number } | undefined {
  if (!/[\u0000-\u001f]/.test(text)) return undefined;
  const names = new Set<string>();
  let first = -1;
  let out = '';
  let copiedTo = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
      else if (c < 0x20) {
        const code = c.toString(16).padStart(4, '0');
        out += `${text.slice(copiedTo, i)}\\u${code}`;
        copiedTo = i + 1;
        names.add(`U+${code.toUpperCase()}`);
        if (first < 0) first = i;
      }
    } else if (c === 0x22) inString = true;
  }
  if (names.size === 0) return undefined;
  return { text: out + text.slice(copiedTo), names: [...names], first };
}
