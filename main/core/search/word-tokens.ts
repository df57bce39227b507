/**
 * The words of a text as search.db's word index (FTS5 `unicode61`, remove_diacritics 0) cuts
 * it: runs of letters, digits, private-use characters and the combining diacritics U+0300–U+036F
 * (SQLite's unicode61 keeps those inside a word, not other marks); everything else separates. The
 * indexer lists each row's words in the vocabulary (`words`), and a query term is cut the same
 * way to find the words that contain it (search-terms.ts), so both must agree with FTS5.
 */

/** unicode61's token characters: categories L*, N* and Co, and the combining diacritics (word-tokens.test.ts checks them against FTS5). */
const WORD = /[\p{L}\p{N}\p{Co}\u0300-\u036f]+/gu;
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

/** The distinct words of `text` the vocabulary lists (lower-cased; not CJK alone, none too long). */
export function vocabularyWords(text: string, into: Set<string>): Set<string> {
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    if (w.length <= MAX_VOCABULARY_WORD && !isCjkOnly(w)) into.add(lower(w));
  }
  return into;
}

/**
 * A word lower-cased as FTS5 folds it: a character whose lower case is longer (`İ` → `i̇`, with
 * a combining dot FTS5 would take for a separator) stays as it is, as FTS5 leaves it.
 */
function lower(word: string): string {
  const l = word.toLowerCase();
  return l.length === word.length ? l : word.replace(/./gsu, (c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c));
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
