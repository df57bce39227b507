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
 * A copy is matched to the turn it repeats (turn-match.ts: same role, text and call ids, a run of
 * turns the CLI merged into one) and becomes an alias of it: shown once, where it was first said.
 * What matches nothing is added where the checkpoint is read, the CLI's own turns (a summary, its
 * reply, the placeholder closing an interrupted turn) marked as such by their place in it.
 */
import { arr, obj, str, type Json } from '../json';
import { contentText } from './parts';
import type { ChatState, Entry } from './state';
import { matchFromEnd, turnKey } from './turn-match';

export interface CheckpointItem {
  readonly id: string;
  readonly record: Json;
}

/** setHistory writes its copies one after another in one synchronous loop: well within this apart. */
const BURST_MS = 2000;
const COMPRESSION_ACK = 'Got it. Thanks for the additional context!';
/** core geminiChat.ts INTERRUPTED_RESPONSE_PLACEHOLDER, added to the history only. */
const INTERRUPTED = '[The previous response was interrupted before it completed.]';

interface Candidate extends CheckpointItem {
  /** The line that wrote it, for a copy written before the checkpoint. */
  readonly entry?: Entry;
  /** The CLI's own turn, by its place in the checkpoint. */
  readonly harness?: string;
}

export function applyCheckpoint(state: ChatState, items: CheckpointItem[], line: number | undefined): void {
  // A copy from an earlier checkpoint stands for the turn it copies.
  const listed = new Set(items.flatMap((i) => state.liveEntry(i.id) ?? []));
  const burst = rewrittenLines(state, items, listed);
  const kinds = items.map((item, i) => harnessKind(item, items[i - 1], items[i + 1]));
  const candidates: Candidate[] = [];
  items.forEach((item, i) => {
    const entry = state.liveEntry(item.id);
    if (entry) {
      if (burst.has(entry)) candidates.push({ id: item.id, record: entry.record, entry, harness: kinds[i] });
    } else if (!state.isKnown(item.id)) candidates.push({ ...item, harness: kinds[i] });
  });
  // The CLI's own turns a checkpoint brings are new (its reply to every summary reads the same);
  // setHistory's copies of them are copies.
  const matched = candidates.filter((c) => c.entry || !c.harness);
  const twins = new Map<Candidate, Entry>();
  // First against the CLI's history, in its order; what is left against everything else.
  const unlisted = (e: Entry) => !listed.has(e) && !e.rewind && !e.unknown && !e.copyOf;
  const history = state.modelHistory().filter(unlisted);
  const inHistory = new Set(history);
  matchFromEnd(matched.map((c) => c.record), history).forEach((twin, i) => twin && twins.set(matched[i], twin));
  const left = matched.filter((c) => !twins.has(c));
  const rest = state.entries.filter((e) => unlisted(e) && !inHistory.has(e) && copiable(state, e));
  matchFromEnd(left.map((c) => c.record), rest).forEach((twin, i) => twin && twins.set(left[i], twin));
  const answeredBy = answeringCalls(state.liveEntries());
  for (const c of matched) {
    const holder = twins.has(c) ? undefined : resultsHeldBy(c.record, answeredBy);
    if (holder) twins.set(c, holder);
  }
  for (const c of candidates) {
    const twin = twins.get(c);
    if (twin) state.alias(c.id, twin);
    else if (c.entry) c.entry.harness ??= c.harness;
    else state.addFromCheckpoint(c.id, c.record, line, c.harness);
  }
  state.markCheckpoint(items.map((i) => i.id));
}

/**
 * Whether a turn outside the CLI's history may still be one a copy repeats: a live one — or one
 * brought by a checkpoint, as a rewind to a compression's kept turn leaves the summary before it
 * in the CLI's history though it precedes the kept turn's original here.
 */
function copiable(state: ChatState, e: Entry): boolean {
  return e.checkpointed === true || state.liveEntry(e.id) === e;
}

/**
 * setHistory's copies: the lines written since the previous checkpoint, each within BURST_MS of
 * the next (one synchronous loop), when they are all it lists (it writes every turn again). A
 * checkpoint listing any older turn (a cancel, a failure) has none: a prompt typed a moment
 * before it is the person's, whatever it says.
 */
function rewrittenLines(state: ChatState, items: CheckpointItem[], listed: Set<Entry>): Set<Entry> {
  const out = new Set<Entry>();
  let next = NaN;
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    const written = Date.parse(str(e.record.timestamp) ?? '');
    if (e.rewind || e.unknown || e.copyOf || e.checkpointed || !state.sinceCheckpoint(e) || !listed.has(e) || Number.isNaN(written)) break;
    if (!Number.isNaN(next) && !(next - written <= BURST_MS && next >= written)) break;
    out.add(e);
    next = written;
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

/** A compression's summary and reply, or the placeholder closing an interrupted turn. */
function harnessKind(c: CheckpointItem, before: CheckpointItem | undefined, after: CheckpointItem | undefined): string | undefined {
  const text = (r: CheckpointItem | undefined) => (r ? textOf(r.record) : undefined);
  if (c.record.type === 'user' && after?.record.type === 'gemini' && text(after) === COMPRESSION_ACK) return 'compaction-summary';
  if (c.record.type === 'gemini' && text(c) === COMPRESSION_ACK && before?.record.type === 'user') return 'compaction-reply';
  if (c.record.type === 'gemini' && text(c) === INTERRUPTED) return 'interrupted';
  return undefined;
}

function textOf(record: Json): string {
  return contentText(record.content).trim();
}
