/**
 * The identifiers of a long text's middle, which the index keeps between its head and tail
 * (search-rows.ts `indexable`, far-indexable.ts for a text read in pieces).
 */

/** Between the head and the tail `indexable` keeps, around the identifiers of the middle. */
export const ABRIDGED = '\n…\n';

/** Word-like runs; of them, identifiers are those with a digit, a separator or an inner capital. */
const TOKEN = /[\p{L}\p{N}_][\p{L}\p{N}_./@#:+-]*[\p{L}\p{N}_]/gu;
const IDENTIFIER = /[\d_./@#:+-]|\p{Ll}\p{Lu}/u;

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
    for (const m of this.done ? [] : text.matchAll(TOKEN)) {
      const token = m[0];
      if (token.length < 6 || this.seen.has(token) || !IDENTIFIER.test(token)) continue;
      if (token.length + 1 > this.left) {
        if (this.left < 8) {
          this.done = true;
          break;
        }
        continue;
      }
      this.seen.add(token);
      this.left -= token.length + 1;
    }
  }

  get list(): string[] {
    return [...this.seen];
  }
}
