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

/** The role a record has in the model's history: an `info` record holding media is a user turn (binary tool output). */
function turnType(record: Json): string | undefined {
  const type = str(record.type);
  if (type === 'user' || type === 'gemini') return type;
  return type === 'info' && partList(record.content).some((p) => isObject(p) && obj(p.inlineData)) ? 'user' : undefined;
}

/**
 * What makes two records the same turn: role, text (thoughts aside), call ids and media; a tool
 * response by its call ids only (masking shortens the output); a turn of thoughts only by them.
 * Nothing for an empty turn.
 */
export function turnKey(record: Json): string | undefined {
  const type = turnType(record);
  if (type === undefined) return undefined;
  let text = '';
  let thought = '';
  const calls: string[] = [];
  const media: string[] = [];
  let other = false;
  for (const part of partList(record.content)) {
    if (typeof part === 'string') text += part;
    else if (!isObject(part)) other = true;
    else if (typeof part.text === 'string') {
      if (part.thought === true) thought += part.text;
      else text += part.text;
    } else if (obj(part.functionCall) || obj(part.functionResponse)) calls.push(str(obj(part.functionCall ?? part.functionResponse)?.id) ?? '?');
    else if (obj(part.inlineData)) media.push(mediaKey(obj(part.inlineData)!));
    else other = true;
  }
  for (const call of arr(record.toolCalls)) {
    const id = str(obj(call)?.id);
    if (id && !calls.includes(id)) calls.push(id);
  }
  if (type === 'user' && calls.length && !text && !media.length && !other) return `response ${calls.join(' ')}`;
  if (!text.trim() && !calls.length && !media.length) return thought.trim() ? `${type} thought\n${thought.trim()}` : undefined;
  return `${type} ${calls.join(' ')} ${media.join(' ')}\n${text.trim()}`;
}

/** Media by type, size and ends: a copy carries the same bytes. */
function mediaKey(inline: Json): string {
  const data = str(inline.data) ?? '';
  return `${str(inline.mimeType) ?? ''}:${data.length}:${data.slice(0, 48)}:${data.slice(-48)}`;
}

/** A run of consecutive records of one type as the CLI merges them: parts and tool calls in order. */
function merged(run: readonly Entry[]): Json {
  return { type: turnType(run[0].record), content: run.flatMap((e) => partList(e.record.content)), toolCalls: run.flatMap((e) => arr(e.record.toolCalls)) };
}

/**
 * The merged runs of a newer model's history (two turns or more), by the index of their last
 * turn: the index of their first and their key. Turns of thoughts only are left out, as the CLI
 * does (stripThoughts).
 */
function runsOf(turns: readonly Entry[], keys: ReadonlyArray<string | undefined>): Map<number, { from: number; key: string | undefined }> {
  const solid = turns.flatMap((e, j) => (keys[j]?.startsWith(`${turnType(e.record)} thought\n`) ? [] : [j]));
  const type = (k: number | undefined) => (k === undefined ? undefined : turnType(turns[k].record));
  const out = new Map<number, { from: number; key: string | undefined }>();
  let start = 0;
  solid.forEach((j, s) => {
    if (s > 0 && type(solid[s - 1]) !== type(j)) start = s;
    if (type(solid[s + 1]) !== type(j) && start < s) out.set(j, { from: solid[start], key: turnKey(merged(solid.slice(start, s + 1).map((k) => turns[k]))) });
  });
  return out;
}

/**
 * For each copy, the turn it repeats (for a merged copy, the first of the run): greedy from the
 * end, as kept turns are the latest; each turn matched once, copies in the order of their turns.
 */
export function matchFromEnd(copies: readonly Json[], pool: readonly Entry[]): Array<Entry | undefined> {
  const turns = pool.filter((e) => turnType(e.record) !== undefined);
  const keys = turns.map((e) => turnKey(e.record));
  const runs = runsOf(turns, keys);
  const out: Array<Entry | undefined> = new Array(copies.length);
  let cursor = turns.length - 1;
  for (let i = copies.length - 1; i >= 0; i--) {
    const key = turnKey(copies[i]);
    if (key === undefined) continue;
    for (let j = cursor; j >= 0; j--) {
      const run = runs.get(j);
      const from = keys[j] === key ? j : run?.key === key ? run.from : -1;
      if (from === -1) continue;
      out[i] = turns[from];
      cursor = from - 1;
      break;
    }
  }
  return out;
}
