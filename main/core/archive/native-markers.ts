/**
 * A native record does not keep a second copy of a part kept in the content store: where the
 * part's text was, it holds a marker (NUL "c:" sha256 ":" form NUL) that the reader puts the
 * text back in for. The text is matched in slices, so a 100 MB tool output is never copied
 * whole to be looked for.
 */
import { stringSlices } from '../../../shared/string-slices';

/** How a stored part's text appears in a native record: JSON-escaped text, or base64 bytes. */
export type NativeForm = 'j' | 'b';

/** A part kept in the store, and its text as the native record writes it. */
export interface KeptText {
  readonly hash: string;
  readonly form: NativeForm;
  /** The part's text: for form `j` it appears JSON-escaped in the native record. */
  readonly text: string;
}

export const MARKER = /\u0000c:([0-9a-f]{64}):([jb])\u0000/g;
const SLICE = 64 * 1024;
/** Texts up to this many characters are looked for whole (one copy costs little; replaceAll is fastest). */
const WHOLE = 1024 * 1024;

/**
 * The native record with each stored part's text replaced by a marker naming it, or undefined
 * when none is in it. A record that holds NUL is left alone: a marker could not be told apart.
 */
export function withMarkers(native: string, kept: readonly KeptText[]): string | undefined {
  if (!kept.length || native.includes('\u0000')) return undefined;
  let out = native;
  for (const k of kept) {
    if (k.text.length <= WHOLE) {
      out = out.replaceAll(k.form === 'j' ? JSON.stringify(k.text).slice(1, -1) : k.text, `\u0000c:${k.hash}:${k.form}\u0000`);
      continue;
    }
    const found = occurrences(out, () => nativePieces(k));
    if (!found.length) continue;
    const pieces: string[] = [];
    let from = 0;
    for (const [start, end] of found) {
      pieces.push(out.slice(from, start), `\u0000c:${k.hash}:${k.form}\u0000`);
      from = end;
    }
    pieces.push(out.slice(from));
    out = pieces.join('');
  }
  return out === native ? undefined : out;
}

/** The text as the native record writes it, in slices (JSON escaping is per character, surrogate pairs kept whole). */
function* nativePieces(k: KeptText): Generator<string> {
  for (const slice of stringSlices(k.text, SLICE)) yield k.form === 'j' ? JSON.stringify(slice).slice(1, -1) : slice;
}

/** Where the joined pieces occur in `s`: non-overlapping, left to right (as replaceAll finds them). */
function occurrences(s: string, pieces: () => Iterable<string>): [number, number][] {
  const [first] = pieces();
  if (!first) return [];
  const found: [number, number][] = [];
  for (let at = s.indexOf(first); at !== -1; ) {
    const end = matchedTo(s, at, pieces());
    if (end !== undefined) found.push([at, end]);
    at = s.indexOf(first, end ?? at + 1);
  }
  return found;
}

/** Where the pieces end when they follow one another in `s` from `at`, else undefined. */
function matchedTo(s: string, at: number, pieces: Iterable<string>): number | undefined {
  let pos = at;
  for (const piece of pieces) {
    if (!s.startsWith(piece, pos)) return undefined;
    pos += piece.length;
  }
  return pos;
}

/** The native record with the stored texts back where their markers are. */
export function withoutMarkers(native: string, textOf: (hash: string, form: NativeForm) => string): string {
  return native.replace(MARKER, (_, hash: string, form: NativeForm) => textOf(hash, form));
}
