/**
 * Parses one Codex rollout (`rollout-<date>-<uuid>.jsonl`) into a Conversation. Each line is
 * JSON-parsed exactly once and dispatched by its record type; see README.md for the format.
 */
import type { Conversation, Part } from '../../../../shared/record';
import { readRecord } from '../kit/json-lines';
import type { IncrementalParser, ParseContext, SourceContext } from '../kit/provider';
import { CodexBuilder, rolloutIdOf, type Line } from './builder';
import { turnIdOf } from './fork-parent';
import { contentText } from './content';
import { handleEvent } from './events';
import { handleResponseItem } from './items';
import { interAgentMessage, worldState } from './thread-records';
import { arr, isObject, obj, shortError, str, type Json } from '../kit/json';
import { codexHomeOf } from './codex-home';
import { findSegment, MAX_SEGMENT_DEPTH, nthPrompt, readReference, segmentKey, segmentLines, type EarlierSegment } from './segments';

export async function parseRollout(ctx: ParseContext): Promise<Conversation[]> {
  const parser = rolloutIncremental(ctx);
  for await (const line of ctx.lines()) parser.feed(line);
  return parser.snapshot();
}

const LEGACY_WARNING = 'Pre-envelope Codex rollout (bare items, mid-2025 CLI): read best-effort; no timestamps per message';

/**
 * The same parse, fed line by line: a live rollout is read once, as it grows. `from` is set when
 * this file is an earlier segment of a rotated thread: the files already being read, and the
 * Codex home of the canonical file (a segment lives outside `sessions/`).
 */
export function rolloutIncremental(ctx: SourceContext, from?: SegmentChain): IncrementalParser {
  const b = new CodexBuilder(ctx);
  const chain = { files: [...(from?.files ?? []), ctx.path], home: from ? from.home : codexHomeOf(ctx.path) };
  const state: ReadState = { sawLine: false, sawMeta: false, legacy: false, chain };
  return {
    feed(source) {
      const { text, lineNo } = source;
      if (isBlank(text)) return;
      state.sawLine = true;
      const record = readRecord(source, (n, message) => b.warn(n, message));
      if (!record) return;
      const line: Line = { lineNo, raw: text, timestamp: str(record.timestamp) };
      b.seen(line);
      dispatch(b, state, line, record);
    },
    snapshot() {
      if (!state.sawLine) return [];
      return [b.finish(state.legacy ? [{ message: LEGACY_WARNING }] : [])];
    },
  };
}

interface ReadState {
  sawLine: boolean;
  sawMeta: boolean;
  /** The file uses the early schema: a bare header line, then bare response items. */
  legacy: boolean;
  readonly chain: SegmentChain;
}

interface SegmentChain {
  /** This file and the successors whose earlier segment it is. */
  readonly files: readonly string[];
  readonly home: string | undefined;
}

function dispatch(b: CodexBuilder, state: ReadState, line: Line, record: Json): void {
  const type = str(record.type);
  const payload = obj(record.payload);
  if (type && payload) return dispatchEnvelope(b, state, line, type, payload);
  if ('payload' in record) return b.pushUnknown(line, type ?? 'record:(untyped)');
  // Early schema: no {timestamp,type,payload} wrapper.
  if ('record_type' in record) return; // `{"record_type":"state"}` markers
  if (!type && !state.sawMeta && str(record.id) && str(record.timestamp)) {
    state.legacy = true;
    return sessionMeta(b, state, record);
  }
  if (type) {
    state.legacy = true;
    return handleResponseItem(b, line, record);
  }
  b.pushUnknown(line, 'record:(untyped)');
}

function dispatchEnvelope(b: CodexBuilder, state: ReadState, line: Line, type: string, payload: Json): void {
  const turn = turnIdOf(type, payload);
  if (turn) b.fork.turn(turn);
  switch (type) {
    case 'response_item':
      return handleResponseItem(b, line, payload);
    case 'event_msg':
      return handleEvent(b, line, payload);
    case 'turn_context':
      return turnContext(b, payload);
    case 'session_meta':
      return sessionMeta(b, state, payload, line);
    case 'compacted':
      return b.pushPaired(line, 'compaction-summary', 'record', compactedParts(payload), true);
    case 'rollout_reference':
      return rolloutReference(b, state, line, payload);
    case 'inter_agent_communication':
      return interAgentMessage(b, line, payload);
    case 'inter_agent_communication_metadata':
      return; // says how the next item was delivered; the item itself is the message
    case 'world_state':
      return worldState(b, line, payload);
    default:
      b.pushUnknown(line, type);
  }
}

/**
 * Only the first session_meta describes this thread. A forked thread (or a subagent spawned
 * with the parent's history) repeats the parent's session_meta and history after its own.
 */
function sessionMeta(b: CodexBuilder, state: ReadState, payload: Json, line?: Line): void {
  if (state.sawMeta) {
    const other = str(payload.id);
    if (line && other && other !== b.session.id) b.fork.replayFrom(line, other);
    return;
  }
  state.sawMeta = true;
  const s = b.session;
  s.id = str(payload.id);
  s.cwd = str(payload.cwd) ?? s.cwd;
  s.cliVersion = str(payload.cli_version);
  s.startedAt = str(payload.timestamp);
  s.gitBranch = str(obj(payload.git)?.branch);
  readSubagentSource(b, payload);
  readHistoryBase(b, payload);
  const forkedFrom = str(payload.forked_from_id);
  if (line && forkedFrom && forkedFrom !== s.id) b.fork.forkedFrom(line, forkedFrom);
}

/**
 * Paginated history (0.150+): one thread can span several rollout files. A later file names
 * the prefix it continues in `history_base {thread_id, end_ordinal_exclusive, end_byte_offset}`
 * (`thread_id` is the earlier file's rollout id) and holds only what follows it, under the same
 * `session_meta.id` and a new rollout id in its name. A fork also has a `history_base`, but its
 * name is its own new thread id: it is the first file of its own thread.
 */
function readHistoryBase(b: CodexBuilder, payload: Json): void {
  if (!obj(payload.history_base) || !b.session.id) return;
  const rolloutId = rolloutIdOf(b.sourcePath);
  if (rolloutId && rolloutId !== b.session.id) b.startSegment(rolloutId);
}

/**
 * Threads another agent started say so in `source` ({"subagent": "review" | {"thread_spawn":
 * {parent_thread_id,…}} | {"other": …}}) and, from 0.14x, in `thread_source` (`user`,
 * `subagent`, …). The parent id may also sit at top level (`parent_thread_id`).
 */
function readSubagentSource(b: CodexBuilder, payload: Json): void {
  const s = b.session;
  const source = obj(payload.source);
  const sub = source ? (source.subagent ?? source.sub_agent) : undefined;
  const threadSource = str(payload.thread_source);
  s.isSubagent = sub !== undefined || (threadSource !== undefined && threadSource !== 'user');
  const spawn = obj(obj(sub)?.thread_spawn);
  s.parentThreadId = str(spawn?.parent_thread_id) ?? str(payload.parent_thread_id);
  if (s.isSubagent) s.parentThreadId ??= str(payload.forked_from_id);
}

/**
 * A `rollout_reference` (newer Codex, segments.ts). To this thread's own earlier segment: the
 * segment is read here, its messages first, each once (the ids it gave them when it was the
 * canonical file). A truncated one (`nth_user_message`) still keeps the whole segment, the turns
 * Codex left behind marked as an abandoned branch. To another thread: a fork's snapshot of its
 * parent, whose turns are that conversation's: only the link.
 */
function rolloutReference(b: CodexBuilder, state: ReadState, line: Line, payload: Json): void {
  const ref = readReference(payload);
  const own = b.session.id;
  if (!ref) return b.pushUnknown(line, 'rollout_reference');
  if (ref.threadId && own && ref.threadId !== own) return b.fork.forkedFrom(line, ref.threadId);
  const earlier = readEarlierSegment(b, state, line, ref.path, findSegment(ref, state.chain.home));
  b.followSegment(segmentKey(ref), earlier);
  if (earlier && ref.nthUserMessage !== undefined) {
    const from = nthPrompt(earlier.conversation, ref.nthUserMessage);
    const text = from
      ? `Codex went on from before prompt ${ref.nthUserMessage + 1} of the earlier segment; the turns from there on stay above as an abandoned branch.`
      : `Codex went on from before prompt ${ref.nthUserMessage + 1} of the earlier segment.`;
    const marker = b.push(line, 'system', [{ type: 'text', content: text }], 'rewind');
    const before = from ? earlier.conversation.messages[earlier.conversation.messages.findIndex((m) => m.id === from) - 1] : undefined;
    if (before) marker.parentId = before.id;
  }
}

function readEarlierSegment(b: CodexBuilder, state: ReadState, line: Line, written: string, file: string | undefined): EarlierSegment | undefined {
  if (!file) {
    b.warn(line.lineNo, `The earlier segment this rollout continues (${written}) was not found: its turns are not read from this file (the archive keeps what it read of them before)`);
    return undefined;
  }
  if (state.chain.files.includes(file)) {
    b.warn(line.lineNo, `The earlier segment ${file} refers back to a file already being read: not read again`);
    return undefined;
  }
  if (state.chain.files.length > MAX_SEGMENT_DEPTH) {
    b.warn(line.lineNo, `The earlier segment ${file} is more than ${MAX_SEGMENT_DEPTH} segments back: not read`);
    return undefined;
  }
  try {
    const parser = rolloutIncremental({ path: file, instance: 'host' }, state.chain);
    for (const source of segmentLines(file)) parser.feed(source);
    const [conversation] = parser.snapshot();
    if (!conversation || (b.session.id && conversation.nativeId !== b.session.id)) {
      b.warn(line.lineNo, `The earlier segment ${file} is not a rollout of this thread: not read`);
      return undefined;
    }
    return { conversation, path: file };
  } catch (error) {
    b.warn(line.lineNo, `The earlier segment ${file} could not be read (${shortError(error)}): its turns are not read from this file`);
    return undefined;
  }
}

function turnContext(b: CodexBuilder, payload: Json): void {
  const model = str(payload.model);
  if (model) b.setModel(model);
  b.session.cwd ??= str(payload.cwd);
}

/**
 * A `compacted` record: the summary message (often empty now) and the history that replaced
 * the conversation in the model's context, rendered as text so it stays searchable.
 */
function compactedParts(payload: Json): Part[] {
  const parts: Part[] = [];
  const message = str(payload.message);
  if (message?.trim()) parts.push({ type: 'text', content: message });
  const history = arr(payload.replacement_history);
  if (history.length) parts.push({ type: 'generic', kind: 'replacement-history', content: renderHistory(history) });
  if (!parts.length) parts.push({ type: 'text', content: 'Context compacted' });
  return parts;
}

function renderHistory(history: unknown[]): string {
  const blocks: string[] = [];
  for (const item of history) {
    if (!isObject(item)) continue;
    const type = str(item.type) ?? 'unknown';
    if (type === 'message') blocks.push(`[${str(item.role) ?? 'unknown'}]\n${contentText(item.content)}`);
    else blocks.push(`[${type}]`);
  }
  return blocks.join('\n\n');
}

function isBlank(text: string): boolean {
  if (text.length === 0) return true;
  const c = text.charCodeAt(0);
  // Only lines starting with whitespace need the (copying) trim.
  return (c === 32 || c === 9 || c === 13) && text.trim() === '';
}
