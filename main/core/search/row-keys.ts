/**
 * Where a conversation's search rows live. rowid = row_key × 2^24 + (fragment × 16 + scope × 4 +
 * role), and row_key grows with the time the conversation was last active (minutes since 2000,
 * ×8 slots per minute), so walking the index by rowid DESC meets the newest conversations first
 * and each conversation's rows together (search.ts stops once it has enough). A row's scope and
 * role are in its rowid's low bits, so filters on them read no stored content. rowids stay below
 * 2^53, so they are exact JavaScript numbers.
 */
import type { Role } from '../../../shared/record';
import type { SearchScope } from './search-rows';
import { CJK_RUN, isCjkOnly, mayHoldCjk } from './word-tokens';

/** Conversations last active in the same minute take consecutive slots (then the next minute's). */
const SLOTS_PER_MINUTE = 8;
const EPOCH_MS = Date.UTC(2000, 0, 1);
const MAX_KEY = 2 ** 29 - 1;
/** The rowids of one row_key: 2^20 fragments, each with 4 bits of scope and role. */
export const ROWIDS_PER_CONVERSATION = 2 ** 24;

export const SCOPE_CODES: Readonly<Record<SearchScope, number>> = { message: 0, tool_call: 1, tool_output: 2 };
export const ROLE_CODES: Readonly<Record<Role, number>> = { user: 0, assistant: 1, tool: 2, system: 3 };

/** The row_key a conversation last active at `iso` would like (before looking for a free one). */
export function wantedRowKey(iso: string | undefined, now = Date.now()): number {
  const t = iso ? Date.parse(iso) : Number.NaN;
  const minutes = Math.floor(((Number.isNaN(t) ? now : t) - EPOCH_MS) / 60_000);
  return Math.min(MAX_KEY - SLOTS_PER_MINUTE, Math.max(0, minutes) * SLOTS_PER_MINUTE);
}

/** The minute a row key stands for (ISO): when its conversation was last active, or a little after (a busy minute's conversations go on into the next minute's slots). */
export function rowKeyTime(key: number): string {
  return new Date(EPOCH_MS + Math.floor(key / SLOTS_PER_MINUTE) * 60_000).toISOString();
}

/** True when `key` is an acceptable home for a conversation that wants `wanted` (same minute or just after). */
export function keyFits(key: number, wanted: number): boolean {
  return key >= wanted && key < wanted + SLOTS_PER_MINUTE;
}

export function firstRowid(rowKey: number): number {
  return rowKey * ROWIDS_PER_CONVERSATION;
}

export function rowKeyOf(rowid: number): number {
  return Math.floor(rowid / ROWIDS_PER_CONVERSATION);
}

/** The rowid of a conversation's `fragment`-th row (`base` = firstRowid of its key). */
export function rowidOf(base: number, fragment: number, scope: SearchScope, role: string): number {
  return base + fragment * 16 + SCOPE_CODES[scope] * 4 + (ROLE_CODES[role as Role] ?? ROLE_CODES.system);
}

/** A row's scope and role, read back from its rowid. */
export function codesOf(rowid: number): { scope: SearchScope; role: Role } {
  const low = rowid % 16;
  return { scope: SCOPES[(low >> 2) & 3] ?? 'message', role: ROLES[low & 3] };
}
const SCOPES = Object.keys(SCOPE_CODES) as SearchScope[];
const ROLES = Object.keys(ROLE_CODES) as Role[];

/** SQL over a rowid column: its row's scope code, and its role code. */
export const scopeOf = (rowid: string) => `((${rowid} >> 2) & 3)`;
export const roleOf = (rowid: string) => `(${rowid} & 3)`;


/** The overlapping two-character words of the CJK runs in `text` ("重构这" → "重构 构这"), each once. */
export function cjkBigrams(text: string): string {
  if (!mayHoldCjk(text)) return '';
  const seen = new Set<string>();
  for (const m of text.matchAll(CJK_RUN)) {
    const run = [...m[0]];
    for (let i = 0; i + 1 < run.length; i += 1) seen.add(run[i] + run[i + 1]);
  }
  return [...seen].join(' ');
}

/** A term the bigram index answers exactly: two CJK characters. */
export function isCjkBigram(term: string): boolean {
  return [...term].length === 2 && isCjkOnly(term);
}
