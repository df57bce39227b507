/**
 * The identifiers of a long text's middle, which the index keeps between its head and tail
 * (search-rows.ts `indexable`, far-indexable.ts for a text read in pieces).
 */

/** Between the head and the tail `indexable` keeps, around the identifiers of the middle. */
export const ABRIDGED = '\n…\n';

/**
 * Word-like runs: `[\p{L}\p{N}_][\p{L}\p{N}_./@#:+-]*[\p{L}\p{N}_]`, scanned by hand (below) —
 * the RegExp cost ~20 ns a character, a sync's main thread spent ~0.6 s of a 200 MB corpus in it.
 * Of the runs, identifiers are those with a digit, a separator or an inner capital.
 */
const IDENTIFIER = /[\d_./@#:+-]|\p{Ll}\p{Lu}/u;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * What a code point is to a run. Word characters: ASCII lower and upper case (an inner capital
 * follows a lower), a digit or `_` (always an identifier's), or any other letter or number (the
 * run is then checked with IDENTIFIER). Joiners are inside a run only between word characters.
 */
const LOWER = 1;
const UPPER = 2;
const MARK = 3;
const OTHER_WORD = 4;
const JOINER = 5;
const NEITHER = 6;
/** Code units looked up once (0: not yet): every ASCII one now, the rest when first met. */
const unitKinds = new Uint8Array(0x10000);
for (let c = 0; c < 128; c += 1) {
  const ch = String.fromCharCode(c);
  unitKinds[c] = /[a-z]/.test(ch) ? LOWER : /[A-Z]/.test(ch) ? UPPER : /[0-9_]/.test(ch) ? MARK : './@#:+-'.includes(ch) ? JOINER : NEITHER;
}

function unitKind(unit: number): number {
  const known = unitKinds[unit];
  if (known) return known;
  // A lone surrogate is neither (as it is to the RegExp with the u flag).
  const kind = WORD_CHARACTER.test(String.fromCharCode(unit)) ? OTHER_WORD : NEITHER;
  unitKinds[unit] = kind;
  return kind;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The identifiers of a text (paths, hashes, ids, snake_case and camelCase names: word-like runs
 * of 6+ characters with a digit, a separator or an inner capital), each once, in order, until
 * they fill `budget` characters (a space after each).
 */
export function identifiers(text: string, budget: number): string[] {
  const found = new Identifiers(budget);
  found.add(text);
  return found.list;
}

/** The same, for a text given in pieces each cut where no word-like run is (far-indexable.ts). */
export class Identifiers {
  private readonly seen = new Set<string>();
  private done = false;
  constructor(private left: number) {}

  add(text: string): void {
    // A run goes from its first word character to its last: joiners at its ends are not in it.
    let start = -1;
    let end = -1;
    /** What the run holds so far: a mark of an identifier, a joiner not yet followed by a word character, a non-ASCII word character. */
    let marked = false;
    let joined = false;
    let unsure = false;
    let previous = NEITHER;
    for (let i = 0; i < text.length && !this.done; ) {
      const unit = text.charCodeAt(i);
      let width = 1;
      let kind: number;
      if (isHighSurrogate(unit) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
        width = 2;
        kind = WORD_CHARACTER.test(text.slice(i, i + 2)) ? OTHER_WORD : NEITHER;
      } else {
        kind = unitKinds[unit] || unitKind(unit);
      }
      if (kind < JOINER) {
        if (start < 0) {
          start = i;
          marked = joined = unsure = false;
        }
        end = i + width;
        if (kind === MARK || joined || (kind === UPPER && previous === LOWER)) marked = true;
        else if (kind === OTHER_WORD) unsure = true;
        joined = false;
      } else if (kind === JOINER) {
        if (start >= 0) joined = true;
      } else if (start >= 0) {
        if (marked || unsure) this.consider(text, start, end, marked);
        start = -1;
      }
      previous = kind;
      i += width;
    }
    if (start >= 0 && !this.done && (marked || unsure)) this.consider(text, start, end, marked);
  }

  get list(): string[] {
    return [...this.seen];
  }

  /** A run that is an identifier if `marked`, else (non-ASCII in it) if IDENTIFIER says so. */
  private consider(text: string, start: number, end: number, marked: boolean): void {
    if (end - start < 6) return;
    const token = text.slice(start, end);
    if (this.seen.has(token) || (!marked && !IDENTIFIER.test(token))) return;
    if (token.length + 1 > this.left) {
      if (this.left < 8) this.done = true;
      return;
    }
    this.seen.add(token);
    this.left -= token.length + 1;
  }
}
