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
import { contentText } from './content';

export interface TypedTurn {
  readonly lineNo: number;
  readonly raw: string;
  readonly text: string;
  readonly timestamp?: string;
}

/** The session's turns in the order they began; a line that is not JSON is skipped with a warning. */
export async function typedTurns(wire: ParseContext, warn: (message: string) => void): Promise<TypedTurn[]> {
  const turns: TypedTurn[] = [];
  try {
    for await (const { text: raw, lineNo } of wire.lines()) {
      // Most of a wire log is tool output and streamed parts: only a line naming TurnBegin is parsed.
      if (!raw.includes('"TurnBegin"')) continue;
      let record: unknown;
      try {
        record = parseJson(raw);
      } catch {
        warn(`wire.jsonl line ${lineNo}: not JSON, skipped`);
        continue;
      }
      const message = isObject(record) ? obj(record.message) : undefined;
      if (str(message?.type) !== 'TurnBegin') continue;
      const input = obj(message?.payload)?.user_input;
      const text = typeof input === 'string' ? input : contentText(input);
      const at = isoFromEpoch(isObject(record) ? record.timestamp : undefined);
      turns.push({ lineNo, raw, text, ...(at ? { timestamp: at } : {}) });
    }
  } catch {
    // No wire log (the legacy flat layout, a session without one): nothing was typed apart.
  }
  return turns;
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
export function placeCommands(messages: readonly Message[], turns: readonly TypedTurn[], textOf: (m: Message) => string, last: boolean): CommandInsert[] {
  const byText = new Map<string, number[]>();
  messages.forEach((m, i) => {
    if (m.role !== 'user') return;
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
      for (const p of pending) inserts.push({ before: startOfTurn(messages, at, from), turn: p });
      pending = [];
      from = at + 1;
    } else if (COMMAND.test(turn.text.trimStart())) {
      pending.push(turn);
    } else {
      pending = [];
    }
  }
  if (last) for (const p of pending) inserts.push({ before: messages.length, turn: p });
  return inserts;
}

/**
 * Where the turn whose prompt is message `at` begins: before the system lines kimi-cli wrote for
 * it ahead of the prompt (a new context's system prompt and compaction summary after `/compact`),
 * not before anything of the previous turn (`from`).
 */
function startOfTurn(messages: readonly Message[], at: number, from: number): number {
  let i = at;
  while (i > from && messages[i - 1].role === 'system' && TURN_OPENERS.has(messages[i - 1].kind ?? '')) i -= 1;
  return i;
}
const TURN_OPENERS = new Set(['system-prompt', 'compaction-summary']);

/** The command as a message of the person's: the wire line kept whole as its native record. */
export function commandMessage(turn: TypedTurn, source: number): Message {
  const message: Message = { id: `W${turn.lineNo}`, role: 'user', kind: 'slash-command', parts: [{ type: 'text', content: turn.text.trim() }], native: turn.raw, source };
  if (turn.timestamp) message.timestamp = turn.timestamp;
  return message;
}
