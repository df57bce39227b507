/**
 * The words of a text as search.db's word index (FTS5 `unicode61`, remove_diacritics 0) cuts and
 * folds it, to the character: FTS5's own tables (fts5-chars.ts, generated from the SQLite
 * better-sqlite3 ships) say which characters stay inside a word — its letters, digits and some
 * marks, and every code point its Unicode tables do not name, emoji newer than them included —
 * and where its folding differs from JavaScript's (µ → μ, ς → σ, Cherokee left as it is). The
 * vocabulary holds the words FTS5 cut (vocabulary.ts), and a query term is cut here to find the
 * words that contain it (search-terms.ts): word-tokens.test.ts checks every code point against FTS5.
 */
import { FTS5_FOLDS, FTS5_WORD_CHARS } from './fts5-chars';

const WORD = new RegExp(`${FTS5_WORD_CHARS}+`, 'gu');
/** Scripts written without spaces (Han, Kana, Hangul): a run of them is one long unicode61 word; cjk_fts indexes it. */
const CJK_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK = new RegExp(`[${CJK_SCRIPTS}]`, 'u');
/** The CJK runs of a text, for cjk_fts's two-character words (row-keys.ts). */
export const CJK_RUN = new RegExp(`[${CJK_SCRIPTS}]+`, 'gu');
const CJK_ONLY = new RegExp(`^[${CJK_SCRIPTS}]+$`, 'u');
/**
 * Every UTF-16 unit a CJK character can start with (the BMP blocks of those scripts, and every high
 * surrogate): a text without one holds no CJK run, and this plain class scans ~10× faster than the
 * script classes do (the indexer asks it of every row; word-tokens.test.ts checks it covers them).
 */
const MAYBE_CJK = /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\udbff\uf900-\ufaff\uff00-\uffef]/;

/**
 * Longer words stay out of the vocabulary (a base64 blob or a minified line would bloat its
 * trigram index for nothing a person types): they are still found by their whole word or a
 * term that starts them (search-terms.ts).
 */
export const MAX_VOCABULARY_WORD = 128;

/** One word of a term, where it sits in the term. */
export interface TermWord {
  readonly word: string;
  readonly start: number;
  readonly end: number;
}

/** The words of `text`, lower-cased, in order, with their places. */
export function termWords(text: string): TermWord[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: lower(m[0]), start: m.index, end: m.index + m[0].length }));
}

/** A word folded as FTS5 folds it: each character on its own (no final-sigma rule), by FTS5's exceptions first. */
function lower(word: string): string {
  let out = '';
  for (const ch of word) {
    const folded = FTS5_FOLDS.get(ch.codePointAt(0) ?? 0);
    if (folded !== undefined) out += String.fromCodePoint(folded);
    else {
      // A character whose lower case is two (İ → i̇) stays as it is (FTS5_FOLDS says where FTS5 folds otherwise).
      const l = ch.toLowerCase();
      out += [...l].length === 1 ? l : ch;
    }
  }
  return out;
}

/** A word of CJK alone: only a CJK term finds it, through cjk_fts. One mixed with Latin (`檢查go`) is listed. */
export function isCjkOnly(word: string): boolean {
  return CJK_ONLY.test(word);
}

/** False when `text` surely holds no CJK character (MAYBE_CJK); true when it may. */
export function mayHoldCjk(text: string): boolean {
  return MAYBE_CJK.test(text);
}

/** True when `text` holds a CJK character (such terms go through cjk_fts). */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}
