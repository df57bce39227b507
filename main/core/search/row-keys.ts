/**
 * Where a conversation's search rows live. rowid = (row_key << 20) + fragment, and row_key grows
 * with the time the conversation was last active (minutes since 2000, ×128 slots per minute), so
 * walking the index by rowid DESC meets the newest conversations first and each conversation's
 * rows together. That lets a search stop once it has enough (search.ts). rowids stay below 2^53,
 * so they are exact JavaScript numbers.
 */
import { FRAGMENTS_PER_CONVERSATION } from './search-rows';

/** Conversations last active in the same minute take consecutive slots. */
const SLOTS_PER_MINUTE = 128;
const EPOCH_MS = Date.UTC(2000, 0, 1);
const MAX_KEY = 2 ** 33 - 1;

/** The row_key a conversation last active at `iso` would like (before looking for a free one). */
export function wantedRowKey(iso: string | undefined, now = Date.now()): number {
  const t = iso ? Date.parse(iso) : Number.NaN;
  const minutes = Math.floor(((Number.isNaN(t) ? now : t) - EPOCH_MS) / 60_000);
  return Math.min(MAX_KEY - SLOTS_PER_MINUTE, Math.max(0, minutes) * SLOTS_PER_MINUTE);
}

/** True when `key` is an acceptable home for a conversation that wants `wanted` (same minute or just after). */
export function keyFits(key: number, wanted: number): boolean {
  return key >= wanted && key < wanted + SLOTS_PER_MINUTE;
}

export function firstRowid(rowKey: number): number {
  return rowKey * FRAGMENTS_PER_CONVERSATION;
}

export function rowKeyOf(rowid: number): number {
  return Math.floor(rowid / FRAGMENTS_PER_CONVERSATION);
}

/** Han, Kana, Hangul and CJK punctuation-free letters: scripts written without spaces. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u;

/** The overlapping two-character words of the CJK runs in `text` ("重构这" → "重构 构这"), each once. */
export function cjkBigrams(text: string): string {
  const seen = new Set<string>();
  for (const m of text.matchAll(CJK_RUN)) {
    const run = [...m[0]];
    for (let i = 0; i + 1 < run.length; i += 1) seen.add(run[i] + run[i + 1]);
  }
  return [...seen].join(' ');
}

/** A term the bigram index answers exactly: two CJK characters. */
export function isCjkBigram(term: string): boolean {
  return [...term].length === 2 && CJK_ONLY.test(term);
}
