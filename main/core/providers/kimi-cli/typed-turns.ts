/**
 * The commands a person typed into kimi-cli that its context files never hold. Every input the
 * agent itself runs begins a turn in the session's `wire.jsonl` (soul/kimisoul.py `KimiSoul.run`:
 * `TurnBegin(user_input=…)`, before any slash command is parsed), but a command the agent answers
 * itself (`/compact`, `/clear` before 1.45, `/yolo`, `/plan`, `/init`, `/add-dir`…) writes no user
 * message to context.jsonl: its only record is that TurnBegin, a string as typed ("/compact keep
 * db"). A prompt's TurnBegin holds the text its context message holds (a list of parts).
 *
 * Lines (wire/file.py, wire/types.py): `{"type": "metadata", "protocol_version": …}` first (from
 * 0.85), then `{"timestamp": <epoch s>, "message": {"type": "TurnBegin", "payload":
 * {"user_input": str | [{"type": "text", "text": …}, …]}}}`. Events of subagents are nested in
 * another type's payload, so only a top-level TurnBegin is the person's.
 */
import type { Message } from '../../../../shared/record';
import { isoFromEpoch, isObject, obj, str } from '../kit/json';
import { parseJson } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';
import { fileStamp } from '../kit/file-stamp-cache';
import { contentText } from './content';

export interface TypedTurn {
  readonly lineNo: number;
  readonly raw: string;
  readonly text: string;
  readonly timestamp?: string;
  /**
   * Begun before the turn before it ended: a turn an agent command runs inside its own (`/init`
   * runs the init prompt as a turn of a temporary context, soul/slash.py), not the person's.
   */
  readonly nested?: boolean;
}

export interface WireTurns {
  readonly turns: readonly TypedTurn[];
  /** Lines that were not JSON. */
  readonly broken: readonly number[];
}

/**
 * The session's turns in the order they began. A session's context files (current and rotated)
 * all ask for its one wire log: the last one read is kept while the log is unchanged.
 */
export async function typedTurns(wire: ParseContext): Promise<WireTurns> {
  const stamp = fileStamp(wire.path);
  if (stamp === undefined) return { turns: [], broken: [] }; // no wire log (the legacy flat layout)
  if (cached?.path === wire.path && cached.stamp === stamp) return cached.read;
  const read = await readTurns(wire);
  cached = { path: wire.path, stamp, read };
  return read;
}

let cached: { path: string; stamp: string; read: WireTurns } | undefined;

async function readTurns(wire: ParseContext): Promise<WireTurns> {
  const turns: TypedTurn[] = [];
  const broken: number[] = [];
  let open = false;
  let ends = false;
  try {
    for await (const { text: raw, lineNo } of wire.lines()) {
      // Most of a wire log is tool output and streamed parts: only a line naming a turn's start or end is parsed.
      const begins = raw.includes('"TurnBegin"');
      if (!begins && !raw.includes('"TurnEnd"')) continue;
      let record: unknown;
      try {
        record = parseJson(raw);
      } catch {
        broken.push(lineNo);
        continue;
      }
      const message = isObject(record) ? obj(record.message) : undefined;
      const type = str(message?.type);
      if (type === 'TurnEnd') {
        ends = true;
        open = false;
      }
      if (type !== 'TurnBegin') continue;
      const input = obj(message?.payload)?.user_input;
      const text = typeof input === 'string' ? input : contentText(input);
      const at = isoFromEpoch(isObject(record) ? record.timestamp : undefined);
      turns.push({ lineNo, raw, text, ...(at ? { timestamp: at } : {}), ...(open ? { nested: true } : {}) });
      open = true;
    }
  } catch {
    // The log went away while it was read: what was read stands.
  }
  // A log without TurnEnd lines (an older build, a cut copy) tells no turn inside another.
  return { turns: ends ? turns : turns.map(({ nested: _, ...t }) => t), broken };
}

/** How a typed text is compared with a context message's: its words, whitespace aside. */
const normal = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A command the agent answers itself: `/name` (kimi-cli's slash command names), then its arguments. */
const COMMAND = /^\/[A-Za-z][\w:.-]*(?:\s|$)/;

export interface CommandInsert {
  /** Index in the conversation's messages it goes before (their length: at the end). */
  readonly before: number;
  readonly turn: TypedTurn;
}

/**
 * Where the commands typed apart belong among one context file's messages. The turns are matched,
 * in order, to the file's user messages of the same text; a command goes before the message of
 * the next turn matched (or, past the last turn, at the end when `last` — the session's current
 * file). A command whose next prompt this file does not hold (compacted away, or in a rotated
 * file) is not this file's: the file holding that prompt places it.
 */
export function placeCommands(messages: readonly Message[], turns: readonly TypedTurn[], textOf: (m: Message) => string, last: boolean, copies: ReadonlySet<Message>): CommandInsert[] {
  const byText = new Map<string, number[]>();
  messages.forEach((m, i) => {
    if (m.role !== 'user' || copies.has(m)) return;
    const key = normal(textOf(m));
    const list = byText.get(key);
    if (list) list.push(i);
    else byText.set(key, [i]);
  });
  const inserts: CommandInsert[] = [];
  let from = 0;
  let pending: TypedTurn[] = [];
  for (const turn of turns) {
    const at = byText.get(normal(turn.text))?.find((i) => i >= from);
    if (at !== undefined) {
      for (const p of pending) inserts.push({ before: startOfTurn(messages, at, from, copies), turn: p });
      pending = [];
      from = at + 1;
    } else if (COMMAND.test(turn.text.trimStart())) {
      pending.push(turn);
    } else if (!turn.nested) {
      pending = []; // a prompt another file holds: the commands before it are that file's
    }
  }
  if (last) for (const p of pending) inserts.push({ before: messages.length, turn: p });
  return inserts;
}

/**
 * Where the turn whose prompt is message `at` begins: before what kimi-cli wrote for it ahead of
 * the prompt (after `/compact`, a new context's system prompt, the compaction summary and the
 * turns it kept), not before anything of the previous turn (`from`).
 */
function startOfTurn(messages: readonly Message[], at: number, from: number, copies: ReadonlySet<Message>): number {
  let i = at;
  while (i > from && (copies.has(messages[i - 1]) || (messages[i - 1].role === 'system' && TURN_OPENERS.has(messages[i - 1].kind ?? '')))) i -= 1;
  return i;
}
const TURN_OPENERS = new Set(['system-prompt', 'compaction-summary']);

/**
 * The command as a message of the person's, the wire line kept whole as its native record. Its
 * source is the context file's (0): the archive reads a conversation with two sources as one
 * spread over two files, each read on its own, and would keep a command where it first saw it.
 */
export function commandMessage(turn: TypedTurn): Message {
  const message: Message = { id: `W${turn.lineNo}`, role: 'user', kind: 'slash-command', parts: [{ type: 'text', content: turn.text.trim() }], native: turn.raw, source: 0 };
  if (turn.timestamp) message.timestamp = turn.timestamp;
  return message;
}
