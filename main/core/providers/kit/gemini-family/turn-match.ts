/**
 * Which turn a Gemini CLI copy repeats (checkpoint.ts): the same role, text and call ids. The
 * copies come from the model's history as the CLI holds it (GeminiChat.getHistory): for newer
 * models consecutive turns of one role are merged into one (coalesceConsecutiveRoles, the
 * first id kept) and thoughts are left out (stripThoughts), so a copy may stand for a run of
 * turns the file holds apart.
 */
import { arr, isObject, obj, str, type Json } from '../json';
import { partList } from './parts';
import type { Entry } from './state';

/**
 * What makes two records the same turn: role, text (thoughts aside) and call ids; a tool
 * response by its call ids only (masking shortens the output). Nothing for an empty turn.
 */
export function turnKey(record: Json): string | undefined {
  const type = str(record.type);
  if (type !== 'user' && type !== 'gemini') return undefined;
  let text = '';
  const calls: string[] = [];
  let other = false;
  for (const part of partList(record.content)) {
    if (typeof part === 'string') text += part;
    else if (!isObject(part)) other = true;
    else if (typeof part.text === 'string') text += part.thought === true ? '' : part.text;
    else if (obj(part.functionCall) || obj(part.functionResponse)) calls.push(str(obj(part.functionCall ?? part.functionResponse)?.id) ?? '?');
    else other = true;
  }
  for (const call of arr(record.toolCalls)) {
    const id = str(obj(call)?.id);
    if (id && !calls.includes(id)) calls.push(id);
  }
  if (type === 'user' && calls.length && !text && !other) return `response ${calls.join(' ')}`;
  if (!text.trim() && !calls.length) return undefined;
  return `${type} ${calls.join(' ')}\n${text.trim()}`;
}

/** A run of consecutive records of one type as the CLI merges them: parts and tool calls in order. */
function merged(run: readonly Entry[]): Json {
  const part = (c: unknown) => (typeof c === 'string' ? (c ? [{ text: c }] : []) : partList(c));
  return { type: run[0].record.type, content: run.flatMap((e) => part(e.record.content)), toolCalls: run.flatMap((e) => arr(e.record.toolCalls)) };
}

/**
 * For each copy, the turn it repeats (for a merged copy, the first of the run): greedy from the
 * end, as kept turns are the latest; each turn matched once, copies in the order of their turns.
 */
export function matchFromEnd(copies: readonly Json[], pool: readonly Entry[]): Array<Entry | undefined> {
  const turns = pool.filter((e) => e.record.type === 'user' || e.record.type === 'gemini');
  const keys = turns.map((e) => turnKey(e.record));
  const runStart: number[] = [];
  const runKey = new Map<number, string | undefined>();
  turns.forEach((e, j) => {
    runStart[j] = j > 0 && turns[j - 1].record.type === e.record.type ? runStart[j - 1] : j;
  });
  turns.forEach((e, j) => {
    const last = turns[j + 1]?.record.type !== e.record.type;
    if (last && runStart[j] < j) runKey.set(j, turnKey(merged(turns.slice(runStart[j], j + 1))));
  });
  const out: Array<Entry | undefined> = new Array(copies.length);
  let cursor = turns.length - 1;
  for (let i = copies.length - 1; i >= 0; i--) {
    const key = turnKey(copies[i]);
    if (key === undefined) continue;
    for (let j = cursor; j >= 0; j--) {
      const from = keys[j] === key ? j : runKey.get(j) === key ? runStart[j] : -1;
      if (from === -1) continue;
      out[i] = turns[from];
      cursor = from - 1;
      break;
    }
  }
  return out;
}
