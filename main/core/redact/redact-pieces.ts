/**
 * Redaction of a text too long to hold (a far string: a huge tool output read from the content
 * store, or the native record that holds it), window by window. Each window shares its first
 * WINDOW_OVERLAP characters with the one before and takes only the findings that start in its own
 * stretch, so the findings are exactly redactText's on the whole text whenever no match is longer
 * than the overlap (a detector's longest in practice is a PEM private key block, at most ~10,100
 * characters: extra-rules.ts). The masked text is made again from the pieces and the findings
 * each time it is read, never held.
 */
import { farPieces, farString } from '../../../shared/far-strings';
import type { SecretFinding } from './finding';
import { byPlace, detectorFindings, mask, MIN_LENGTH } from './redact-text';

/** Characters each window shares with the one before (and looks past its stretch): the longest match found exactly. */
export const WINDOW_OVERLAP = 64 * 1024;
/** New characters each window scans, at least. */
const WINDOW_STEP = 1024 * 1024;

/** A finding in a text read in pieces, with the secret it masks (redactConversation counts distinct secrets). */
export interface PieceFinding extends SecretFinding {
  readonly secret: string;
}

interface Found {
  start: number;
  end: number;
  kind: string;
  secret: string;
}

/** redactText's findings (merged, in order) on the text the pieces make, found window by window. */
export function findSecretsInPieces(pieces: Iterable<string>, overlap = WINDOW_OVERLAP, step = WINDOW_STEP): PieceFinding[] {
  const merged: Found[] = [];
  let buf = '';
  let bufStart = 0;
  /** Findings starting before this were taken by an earlier window. */
  let from = 0;
  const scan = (to: number) => {
    const found = detectorFindings(buf)
      .map((f) => ({ ...f, start: f.start + bufStart, end: f.end + bufStart }))
      .filter((f) => f.start >= from && f.start < to)
      .sort(byPlace);
    for (const f of found) {
      const last = merged.at(-1);
      if (last && f.start < last.end) {
        if (f.end > last.end) {
          last.secret += buf.slice(Math.max(0, last.end - bufStart), f.end - bufStart);
          last.end = f.end;
        }
        continue;
      }
      merged.push({ ...f, secret: buf.slice(f.start - bufStart, f.end - bufStart) });
    }
  };
  for (const piece of pieces) {
    buf += piece;
    while (bufStart + buf.length - from >= step + overlap) {
      const to = bufStart + buf.length - overlap;
      scan(to);
      from = to;
      const keep = Math.max(0, to - overlap - bufStart);
      buf = buf.slice(keep);
      bufStart += keep;
    }
  }
  // As redactText: a text shorter than any secret holds none.
  if (bufStart === 0 && buf.length < MIN_LENGTH) return [];
  scan(Infinity);
  return merged;
}

/** The pieces with each finding's range replaced by its mask, as redactText writes them. */
export function* maskedPieces(pieces: Iterable<string>, findings: readonly SecretFinding[]): Generator<string> {
  let pos = 0;
  let next = 0;
  for (const piece of pieces) {
    let out = '';
    let at = 0;
    while (at < piece.length) {
      const f = findings[next];
      if (f && pos + at >= f.start) {
        if (pos + at === f.start) out += mask(f.kind);
        at = Math.min(piece.length, f.end - pos);
        if (pos + at >= f.end) next += 1;
      } else {
        const upTo = f ? Math.min(piece.length, f.start - pos) : piece.length;
        out += piece.slice(at, upTo);
        at = upTo;
      }
    }
    pos += piece.length;
    if (out) yield out;
  }
}

/**
 * redactText for a string that holds far strings: the same findings, and a far string whose
 * slices are the masked text (or the string itself when nothing was found); undefined for a string
 * that holds none.
 */
export function redactFarText(s: string): { readonly text: string; readonly found: readonly PieceFinding[] } | undefined {
  const pieces = farPieces(s);
  if (!pieces) return undefined;
  const found = findSecretsInPieces(pieces);
  if (!found.length) return { text: s, found };
  // Keyed by the text it masks (the same findings each time): a long-lived process (`dejavu mcp`) reading it again adds no stand-in.
  return { text: farString(`redacted:${s}`, { slices: () => maskedPieces(farPieces(s)!, found) }), found };
}
