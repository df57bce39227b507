/** A search hit's snippet: the text it quotes and the excerpt around the first match, terms marked. */
import { ABRIDGED } from './search-rows';

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

/** Where the first of `terms` occurs in `text` (any case), or -1. */
function firstMatch(text: string, terms: readonly string[]): number {
  const lower = text.toLowerCase();
  let first = -1;
  for (const t of terms) {
    const at = t ? lower.indexOf(t.toLowerCase()) : -1;
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  return first;
}

/** An excerpt of `text` around the first term found, with every term occurrence marked. */
export function excerpt(text: string, terms: readonly string[], radius = 80): { snippet: string; highlights: [number, number][] } {
  const needles = terms.map((t) => t.toLowerCase()).filter(Boolean);
  const first = firstMatch(text, needles);
  const start = Math.max(0, first - radius);
  const end = Math.min(text.length, (first === -1 ? 0 : first) + radius * 2);
  const prefix = start > 0 ? '…' : '';
  const body = text.slice(start, end).replace(/\s/g, ' ');
  const snippet = `${prefix}${body}${end < text.length ? '…' : ''}`;
  const highlights: [number, number][] = [];
  const lowerBody = body.toLowerCase();
  for (const n of needles) {
    for (let at = lowerBody.indexOf(n); at !== -1; at = lowerBody.indexOf(n, at + n.length)) {
      highlights.push([prefix.length + at, prefix.length + at + n.length]);
    }
  }
  highlights.sort((a, b) => a[0] - b[0]);
  return { snippet, highlights };
}
