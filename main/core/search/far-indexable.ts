/**
 * What `indexable` keeps of a far string (shared/far-strings.ts: a huge line's tool output, prompt
 * or answer left in its file), made as its slices are read: the head, the identifiers of the middle and the
 * tail, never the whole text.
 */
import type { FarText } from '../../../shared/far-strings';
import { ABRIDGED, Identifiers } from './identifiers';

/** A character no word-like run of `identifiers` goes through (its TOKEN's class, negated). */
const OUTSIDE_TOKEN = /[^\p{L}\p{N}_./@#:+-]/gu;
/** A middle piece with no such character is cut anyway past this (one run this long is no identifier). */
const MAX_PENDING = 4 * 1024 * 1024;

/**
 * `wholeUpTo`: a text of at most this many characters is kept whole (as `messageIndexable` keeps a
 * prompt), held only until it is known to be longer.
 */
export function farIndexable(far: FarText, headSize: number, tailSize: number, idBudget: number, wholeUpTo = 0): string {
  const slices = far.slices()[Symbol.iterator]();
  const held: string[] = [];
  let length = 0;
  for (let next = slices.next(); ; next = slices.next()) {
    if (next.done) return held.join('');
    held.push(next.value);
    length += next.value.length;
    if (length > wholeUpTo) break;
  }
  return abridged(
    (function* () {
      yield* held.splice(0);
      for (let next = slices.next(); !next.done; next = slices.next()) yield next.value;
    })(),
    headSize,
    tailSize,
    idBudget,
  );
}

function abridged(slices: Iterable<string>, headSize: number, tailSize: number, idBudget: number): string {
  let head = '';
  /** Read past the head, not yet known to be middle rather than tail. */
  let pending = '';
  const ids = new Identifiers(idBudget);
  let middle = false;
  for (const slice of slices) {
    let text = slice;
    if (head.length < headSize) {
      const take = headSize - head.length;
      head += text.slice(0, take);
      text = text.slice(take);
    }
    pending += text;
    // All but the last tailSize characters are middle: fed up to the last character no run goes through.
    const before = pending.length - tailSize;
    if (before <= 0) continue;
    const cut = before > MAX_PENDING ? before : lastOutsideToken(pending, before);
    if (cut > 0) {
      ids.add(pending.slice(0, cut));
      pending = pending.slice(cut);
      middle = true;
    }
  }
  if (!middle && pending.length <= tailSize) return head + pending;
  ids.add(pending.slice(0, pending.length - tailSize));
  return `${head}${ABRIDGED}${ids.list.join(' ')}${ABRIDGED}${pending.slice(-tailSize)}`;
}

/** The index just past the last character before `end` that no word-like run goes through (0: none). */
function lastOutsideToken(s: string, end: number): number {
  let last = 0;
  OUTSIDE_TOKEN.lastIndex = Math.max(0, end - 64 * 1024);
  for (let m = OUTSIDE_TOKEN.exec(s); m && m.index < end; m = OUTSIDE_TOKEN.exec(s)) last = m.index + m[0].length;
  return last > end ? 0 : last;
}
