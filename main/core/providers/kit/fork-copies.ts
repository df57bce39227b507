/**
 * A fork of a session written as a new session file that first re-writes the prior chain, every
 * copied record carrying `forkedFrom: {sessionId, messageUuid}` naming the session and record it
 * copies: Claude Code's `claude --resume <id> --fork-session` and `/branch`, Qwen Code's `/branch`
 * (its ChatRecord.forkedFrom). Both keep a session as `<sessionId>.jsonl` beside the others. Those messages are the parent session's; the fork's
 * own begin after them. When the parent's file is beside the fork's (so it is archived as its own
 * conversation), the copies are left out of the fork, its usage counted once, and a note says
 * where the earlier messages are. When it is not (deleted by Claude Code's cleanup, or the fork
 * copied alone), the copies are the only record of what was typed: they stay in the fork.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../../../../shared/record';
import { isObject, str } from './json';

/** The session a record was copied from, when it is a fork's copy of another session's record. */
export function forkedFromSession(record: { readonly forkedFrom?: unknown }): string | undefined {
  return isObject(record.forkedFrom) ? str(record.forkedFrom.sessionId) : undefined;
}

/** The copied part of one fork file. */
export class ForkCopies {
  /** The session the copies came from (the first named). */
  from?: string;
  /** Ids of the messages made from copied records. */
  readonly messageIds = new Set<string>();
  /** API message ids of copied assistant records: their usage is the parent's. */
  readonly apiIds = new Set<string>();
}

export interface ForkedMain {
  messages: Message[];
  /** API ids whose usage is not this conversation's. */
  excludeUsage: ReadonlySet<string>;
  startedAt?: string;
}

/**
 * The fork's messages: without the copies, behind a note, when the parent's file is beside this
 * one; with them, behind a note saying so, when it is not.
 */
export function forkedMain(copies: ForkCopies, messages: Message[], transcript: string): ForkedMain | undefined {
  if (copies.from === undefined || copies.messageIds.size === 0) return undefined;
  const parentFile = path.join(path.dirname(transcript), `${copies.from}.jsonl`);
  if (!existsSync(parentFile)) {
    const note = forkNote(copies.from, `the ${copies.messageIds.size} messages it re-wrote are kept here: that session's file is not beside this one`, messages[0]?.timestamp);
    return { messages: [note, ...messages], excludeUsage: new Set() };
  }
  const kept = messages.filter((m) => !copies.messageIds.has(m.id));
  for (const m of kept) if (m.parentId !== undefined && copies.messageIds.has(m.parentId)) delete m.parentId;
  const startedAt = kept.reduce<string | undefined>((min, m) => (m.timestamp !== undefined && (min === undefined || m.timestamp < min) ? m.timestamp : min), undefined);
  const note = forkNote(copies.from, `its ${copies.messageIds.size} earlier messages are in that session's conversation`, startedAt);
  return { messages: [note, ...kept], excludeUsage: copies.apiIds, startedAt };
}

/** The note a fork's conversation starts with: where its earlier messages are. */
export function forkNote(from: string, what: string, timestamp: string | undefined): Message {
  const note: Message = { id: `fork#${from}`, role: 'system', kind: 'fork', parts: [{ type: 'text', content: `Forked from session ${from}: ${what}.` }], source: 0 };
  if (timestamp !== undefined) note.timestamp = timestamp;
  return note;
}
