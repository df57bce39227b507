/**
 * What a `$set.messages` checkpoint adds to a Gemini CLI chat, and what it only repeats.
 *
 * Since 0.44 the CLI writes the model's whole history as a checkpoint whenever it changes other
 * than by growing: a chat's start, a resume, a cancelled request, `/rewind`, a compression,
 * tool-output masking (core ChatRecordingService.updateMessagesFromHistory). A turn it recorded
 * keeps its id there; a turn rebuilt from plain content gets a new one:
 * - a resume adds `<id>_response`: the results of gemini record `<id>`, rebuilt from its toolCalls
 *   (a copy of those results, matched by their call ids as any tool response is);
 * - a compression: the model's summary (a user turn), "Got it. Thanks for the additional
 *   context!", then the turns it keeps, re-created under new ids — in the checkpoint only;
 * - masking, `/chat resume`, `/restore` (GeminiChat.setHistory): every turn written again as an
 *   ordinary line under a new id just before the checkpoint, which lists only those copies.
 * A copy is matched to the turn it repeats (same role, text and call ids; a tool response by its
 * call ids alone, as masking shortens the output) and becomes an alias of it: shown once, where it
 * was first said. Matching runs from the end, as kept turns are the latest. What matches nothing is
 * added where the checkpoint is read, the CLI's own turns marked as such.
 */
import { arr, isObject, obj, str, type Json } from '../json';
import { partList } from './parts';
import type { ChatState, Entry } from './state';

export interface CheckpointItem {
  readonly id: string;
  readonly record: Json;
}

/** Copies written just before their checkpoint: the same synchronous call, well within this. */
const BURST_MS = 2000;
const COMPRESSION_ACK = 'Got it. Thanks for the additional context!';
/** core geminiChat.ts INTERRUPTED_RESPONSE_PLACEHOLDER, added to the history only. */
const INTERRUPTED = '[The previous response was interrupted before it completed.]';

interface Candidate extends CheckpointItem {
  /** The line that wrote it, for a copy written before the checkpoint. */
  readonly entry?: Entry;
}

export function applyCheckpoint(state: ChatState, items: CheckpointItem[], line: number | undefined, at: string | undefined): void {
  // A copy from an earlier checkpoint stands for the turn it copies.
  const listed = new Set(items.flatMap((i) => state.liveEntry(i.id) ?? []));
  const burst = rewrittenLines(state, items, listed, at);
  const candidates: Candidate[] = [];
  for (const item of items) {
    const entry = state.liveEntry(item.id);
    if (entry) {
      if (burst.has(entry)) candidates.push({ id: item.id, record: entry.record, entry });
      continue;
    }
    if (!state.isKnown(item.id)) candidates.push(item);
  }
  const pool = state.liveEntries().filter((e) => !listed.has(e) && !e.rewind && !e.unknown);
  const twins = matchFromEnd(candidates, pool);
  const answeredBy = answeringCalls(state.liveEntries());
  candidates.forEach((c, i) => (twins[i] ??= resultsHeldBy(c.record, answeredBy)));
  const added = candidates.filter((c, i) => {
    const twin = twins[i];
    if (twin) state.alias(c.id, twin);
    return !twin && !c.entry;
  });
  added.forEach((c, i) => state.addFromCheckpoint(c.id, c.record, line, harnessKind(c, added[i - 1], added[i + 1])));
}

/**
 * setHistory's copies: the lines just before the checkpoint, written within BURST_MS of it, when
 * they are all it lists (it writes every turn again). A checkpoint listing any older turn (a
 * cancel, a failure) has none: a prompt typed a moment before it is the person's, whatever it says.
 */
function rewrittenLines(state: ChatState, items: CheckpointItem[], listed: Set<Entry>, at: string | undefined): Set<Entry> {
  const out = new Set<Entry>();
  const when = at ? Date.parse(at) : NaN;
  if (Number.isNaN(when)) return out;
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    const written = Date.parse(str(e.record.timestamp) ?? '');
    if (e.rewind || e.unknown || e.copyOf || !listed.has(e) || !(Math.abs(when - written) <= BURST_MS)) break;
    out.add(e);
  }
  return out.size === items.length ? out : new Set();
}

/** Gemini records by the call ids whose results their toolCalls hold. */
function answeringCalls(entries: Entry[]): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const e of entries) {
    if (e.record.type !== 'gemini') continue;
    for (const call of arr(e.record.toolCalls)) {
      const id = str(obj(call)?.id);
      if (id && obj(call)?.result !== undefined) out.set(id, e);
    }
  }
  return out;
}

/**
 * A tool response whose results a gemini record's toolCalls hold (a resume's `<id>_response`;
 * masking's copy of a response a CLI older than 0.44 never wrote apart): a copy of that record.
 */
function resultsHeldBy(record: Json, answeredBy: Map<string, Entry>): Entry | undefined {
  const key = turnKey(record);
  if (!key?.startsWith('response ')) return undefined;
  const holders = new Set(key.slice('response '.length).split(' ').map((id) => answeredBy.get(id)));
  const [only] = holders;
  return holders.size === 1 ? only : undefined;
}

/** For each candidate, the turn it copies: greedy from the end, each turn matched once, in order. */
function matchFromEnd(candidates: Candidate[], pool: Entry[]): Array<Entry | undefined> {
  const keys = pool.map((e) => turnKey(e.record));
  const out: Array<Entry | undefined> = new Array(candidates.length);
  let cursor = pool.length - 1;
  for (let i = candidates.length - 1; i >= 0; i--) {
    const key = turnKey(candidates[i].record);
    if (key === undefined) continue;
    for (let k = cursor; k >= 0; k--) {
      if (keys[k] !== key) continue;
      out[i] = pool[k];
      cursor = k - 1;
      break;
    }
  }
  return out;
}

/**
 * What makes two records the same turn: role, text (thoughts aside: a rebuilt turn writes them
 * as parts) and call ids; a tool response by its call ids only. Nothing for an empty turn.
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

/** A compression's summary and reply, or the placeholder closing an interrupted turn. */
function harnessKind(c: CheckpointItem, before: CheckpointItem | undefined, after: CheckpointItem | undefined): string | undefined {
  const text = (r: CheckpointItem | undefined) => (r ? textOf(r.record) : undefined);
  if (c.record.type === 'user' && after?.record.type === 'gemini' && text(after) === COMPRESSION_ACK) return 'compaction-summary';
  if (c.record.type === 'gemini' && text(c) === COMPRESSION_ACK && before?.record.type === 'user') return 'compaction-reply';
  if (c.record.type === 'gemini' && text(c) === INTERRUPTED) return 'interrupted';
  return undefined;
}

function textOf(record: Json): string {
  return partList(record.content)
    .map((p) => (typeof p === 'string' ? p : isObject(p) && typeof p.text === 'string' && p.thought !== true ? p.text : ''))
    .join('')
    .trim();
}
