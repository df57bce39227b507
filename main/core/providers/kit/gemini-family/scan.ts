/**
 * Salvage for single-JSON files that no longer parse (a record damaged, or the file caught
 * mid-write): finds the objects of one array by bracket matching (string-aware), so each can
 * be parsed on its own and a bad one skipped.
 */

export interface Slice {
  readonly start: number;
  /** Index after the closing brace; -1 when the text ends inside the object. */
  readonly end: number;
}

/** Objects directly inside the array that opens at `arrayStart` (the index of its `[`). */
export function arrayObjects(text: string, arrayStart: number): Slice[] {
  const slices: Slice[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = arrayStart + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (depth === 0 && c === 123) start = i;
      depth++;
    } else if (c === 125 || c === 93) {
      if (depth === 0) return slices; // the array's own closing bracket
      depth--;
      if (depth === 0 && start !== -1) {
        slices.push({ start, end: i + 1 });
        start = -1;
      }
    }
  }
  if (start !== -1) slices.push({ start, end: -1 });
  return slices;
}

/** Index of the `[` that opens the value of `"key"` at the top of the document, or -1. */
export function arrayOfKey(text: string, key: string): number {
  const match = new RegExp(`"${key}"\\s*:\\s*\\[`).exec(text);
  return match ? match.index + match[0].length - 1 : -1;
}

/** A top-level string field, read by pattern from a document that does not parse. */
export function stringField(text: string, key: string): string | undefined {
  const match = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
  if (!match) return undefined;
  try {
    return JSON.parse(`"${match[1]}"`) as string;
  } catch {
    return undefined;
  }
}

