/**
 * Splits a JSON array document into the raw text of its top-level elements without parsing
 * it whole, so each element is parsed once, keeps its own text for `native`, and one broken
 * element costs a warning instead of the whole file.
 */

export interface RawElement {
  /** The element's text, verbatim. */
  readonly raw: string;
  /** 0-based element index in the array. */
  readonly index: number;
  /** 1-based line the element starts on. */
  readonly line: number;
}

export interface SplitResult {
  readonly elements: RawElement[];
  /** Set when the text is not an array, or ends before the array closes. */
  readonly problem?: string;
}

const OPEN_BRACE = 123; // {
const CLOSE_BRACE = 125; // }
const OPEN_BRACKET = 91; // [
const CLOSE_BRACKET = 93; // ]
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const NEWLINE = 10;

export function splitJsonArray(text: string): SplitResult {
  const elements: RawElement[] = [];
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACKET) return { elements, problem: 'not a JSON array' };
  let line = 1 + countNewlines(text, 0, i);
  i += 1;
  let index = 0;
  for (;;) {
    const start = skipSpace(text, i);
    line += countNewlines(text, i, start);
    if (start >= text.length) return { elements, problem: 'array is not closed (file cut short?)' };
    const c = text.charCodeAt(start);
    if (c === CLOSE_BRACKET) return { elements };
    if (c === COMMA) {
      i = start + 1; // tolerate stray commas
      continue;
    }
    const end = scanValue(text, start);
    if (end === -1) return { elements, problem: `element ${index} is cut short (file still being written?)` };
    elements.push({ raw: text.slice(start, end), index, line });
    line += countNewlines(text, start, end);
    index += 1;
    i = end;
  }
}

/** The offset just after the value starting at `start`, or -1 when the text ends inside it. */
function scanValue(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) {
        inString = false;
        if (depth === 0) return i + 1;
      }
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) return i; // a scalar ended by the array's `]`
      depth -= 1;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && c === COMMA) return i;
  }
  return depth === 0 && !inString ? text.length : -1;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    i += 1;
  }
  return i;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === NEWLINE) n += 1;
  return n;
}
