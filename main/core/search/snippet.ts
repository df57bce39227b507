/** A search hit's snippet: the text it quotes and the excerpt around the first match, terms marked. */
import { ABRIDGED } from './identifiers';
import { literal } from './text-functions';

/**
 * The text a hit's snippet quotes: its row, unless the first match lies in the abridged middle
 * of a long text (a list of identifiers), then the whole text it came from, when still archived.
 */
export function snippetSource(row: string, terms: readonly string[], whole: () => readonly string[]): string {
  const from = row.indexOf(ABRIDGED);
  const at = firstMatch(row, terms);
  if (from === -1 || at < from || at >= row.lastIndexOf(ABRIDGED) + ABRIDGED.length) return row;
  try {
    return whole().find((t) => firstMatch(t, terms) !== -1) ?? row;
  } catch {
    return row; // an unreadable record: the row still says where the match is
  }
}

/**
 * Where the first of `terms` occurs in `text` (any case), or -1. A case-insensitive RegExp, not
 * the text lower-cased: that costs a copy of a long row (a hit's row can be 50 KB) and shifts
 * positions after a character whose lower case is longer (İ → i̇), so the excerpt and its
 * highlights landed beside the match.
 */
function firstMatch(text: string, terms: readonly string[]): number {
  const wanted = terms.filter(Boolean);
  return wanted.length ? text.search(new RegExp(wanted.map(literal).join('|'), 'i')) : -1;
}

/** Characters an excerpt shows on each side of its first match. */
const RADIUS = 80;
/** An excerpt without a term is the text's first this many characters ('…' after when there are more). */
export const HEAD_EXCERPT = 2 * RADIUS;

/** An excerpt of `text` around the first term found, with every term occurrence marked. */
export function excerpt(text: string, terms: readonly string[], radius = RADIUS): { snippet: string; highlights: [number, number][] } {
  const first = firstMatch(text, terms);
  const start = Math.max(0, first - radius);
  const end = Math.min(text.length, (first === -1 ? 0 : first) + radius * 2);
  const prefix = start > 0 ? '…' : '';
  const body = text.slice(start, end).replace(/\s/g, ' ');
  const snippet = `${prefix}${body}${end < text.length ? '…' : ''}`;
  const highlights: [number, number][] = [];
  for (const t of terms.filter(Boolean)) {
    for (const m of body.matchAll(new RegExp(literal(t), 'gi'))) highlights.push([prefix.length + m.index, prefix.length + m.index + m[0].length]);
  }
  highlights.sort((a, b) => a[0] - b[0]);
  return { snippet, highlights };
}
