/**
 * Forked threads. Codex shows a fork as a thread of its own (its own id, file and entry in the
 * thread list; `forked_from_id` names the source, `parent_thread_id` is kept for subagents), so
 * a fork stays its own conversation, linked to its parent by a `fork-point` message.
 * A legacy fork's file replays the parent: after the fork's `session_meta` come the parent's
 * `session_meta` and its records up to the fork point, re-stamped with the fork's time, then the
 * fork's own turns. Replayed turns carry the parent's turn ids: those found in the parent's own
 * rollout are folded into the fork-point message (their lines kept in its `native`), so each turn
 * is counted once, in the parent. Without the parent's file, or without turn ids to go by, the
 * replay stays as this thread's messages, and a warning says so. A paginated fork (0.150+)
 * holds only its own records (`history_base` names the parent's prefix): only the link is added.
 */
import type { Message, ParseWarning, Part } from '../../../../shared/record';
import { conversationId } from '../kit/identity';
import { lineMessage } from '../kit/line-message';
import type { Line } from './builder';
import { parentTurns } from './fork-parent';

export class ForkTracker {
  private turnId?: string;
  private replay?: { readonly line: Line; readonly parentId: string };
  private ownMeta?: { readonly line: Line; readonly parentId: string };
  /** Each message made after the replay began, with the turn it belongs to (file order). */
  private readonly turnOf = new Map<Message, string | undefined>();

  /** A record naming its turn: the records after it belong to that turn. */
  turn(id: string): void {
    this.turnId = id;
  }

  /** The fork's own `session_meta` names its source (a fork, paginated or legacy). */
  forkedFrom(line: Line, parentId: string): void {
    this.ownMeta ??= { line, parentId };
  }

  /** A later `session_meta` of another thread: the parent's records are replayed from here. */
  replayFrom(line: Line, parentId: string): void {
    this.replay ??= { line, parentId };
  }

  made(message: Message): void {
    if (this.replay) this.turnOf.set(message, this.turnId);
  }

  /**
   * The messages with the replayed turns folded into one `fork-point` message where they
   * began. `copy` maps a message made while reading to its copy in `messages`.
   */
  fold(messages: Message[], copy: (m: Message) => Message, forkPath: string, idPrefix: string, warnings: ParseWarning[]): Message[] {
    const at = this.replay ?? this.ownMeta;
    if (!at) return messages;
    const parentId = this.ownMeta?.parentId ?? at.parentId;
    const present = new Set(messages);
    const replayed = this.replay ? this.replayed(forkPath, parentId, warnings) : [];
    const folded = replayed.map(copy).filter((m) => present.has(m));
    const foldedSet = new Set(folded);
    const turns = new Set(replayed.map((m) => this.turnOf.get(m)).filter((t) => t !== undefined)).size;
    const point = forkPoint(at.line, idPrefix, parentId, turns, folded);
    const kept = messages.filter((m) => !foldedSet.has(m));
    // Where the first folded message was, else where the line that says "fork" is.
    const first = folded.length ? messages.indexOf(folded[0]) : -1;
    const index = first >= 0 ? messages.slice(0, first).filter((m) => !foldedSet.has(m)).length : placeAfter(kept, at.line.lineNo);
    kept.splice(index, 0, point);
    return kept;
  }

  /** The replayed messages (as made while reading), in file order; empty when they cannot be told apart. */
  private replayed(forkPath: string, parentId: string, warnings: ParseWarning[]): Message[] {
    const parent = parentTurns(forkPath, parentId);
    if (!parent) {
      warnings.push({ message: `Forked from Codex thread ${parentId}, whose rollout was not found: the turns this file replays from it are shown as this thread's` });
      return [];
    }
    const out: Message[] = [];
    let matched = false;
    for (const [message, turn] of this.turnOf) {
      if (turn !== undefined && !parent.turnIds.has(turn)) break;
      if (turn !== undefined) matched = true;
      out.push(message);
    }
    // Turn ids are what tells the two apart: a replay that names none is not folded.
    if (!matched) {
      warnings.push({ message: `Forked from Codex thread ${parentId}, but the replayed records name no turn of it: they are shown as this thread's` });
      return [];
    }
    return out;
  }
}

/** The link to the parent, holding the folded records' lines so nothing read is dropped. */
function forkPoint(line: Line, idPrefix: string, parentId: string, turns: number, folded: readonly Message[]): Message {
  const parent = conversationId('codex', parentId);
  const text = turns > 0
    ? `Forked from Codex thread ${parentId}. The ${turns === 1 ? 'turn' : `${turns} turns`} it replays here ${turns === 1 ? 'is' : 'are'} shown in that conversation.`
    : `Forked from Codex thread ${parentId}; the earlier turns are in that conversation.`;
  const parts: Part[] = [{ type: 'text', content: text }, { type: 'generic', kind: 'forked-from', content: parent }];
  const message = lineMessage(line, `${idPrefix}L${line.lineNo}`, 'system', parts, 'fork-point');
  const natives = folded.map((m) => m.native).filter((n): n is string => !!n);
  if (natives.length) message.native = [line.raw, ...natives].join('\n');
  return message;
}

/** Where a message made from line `lineNo` goes among messages in file order. */
function placeAfter(messages: readonly Message[], lineNo: number): number {
  const index = messages.findIndex((m) => lineOf(m) > lineNo);
  return index < 0 ? messages.length : index;
}

function lineOf(m: Message): number {
  const match = /L(\d+)/.exec(m.id);
  return match ? Number(match[1]) : 0;
}
