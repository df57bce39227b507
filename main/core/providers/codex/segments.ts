/**
 * Segment rotation (newer Codex, `thread-store` `freeze_thread_segment`): the thread's rollout is
 * copied whole, as an immutable segment, to `<codex home>/<rotated segments>/<thread id>/<segment
 * id | initial>/<same file name>` (or, archived, `archived_sessions/<thread id>/<segment id>/`),
 * and the canonical file is replaced by a successor: its `session_meta`, then a `rollout_reference
 * {rollout_path, thread_id, rollout_timestamp, segment_id, max_depth, nth_user_message,
 * compacted_replacement_history_filter_texts}` naming that copy, then what follows. A segment may
 * itself begin with a reference to an earlier one. A reference to another thread's segment is a
 * fork's snapshot of its parent.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { num, str, type Json } from '../kit/json';
import { readSourceText } from '../kit/source-bytes';
import type { SourceLine } from '../kit/provider';

export interface RolloutReference {
  /** Where Codex wrote the segment (absolute, in the home Codex ran in). */
  readonly path: string;
  readonly threadId?: string;
  readonly segmentId?: string;
  /** Set on a truncated reference: only the history before this user message was carried on. */
  readonly nthUserMessage?: number;
}

/** Segments nest at most this deep here (Codex's own bound is smaller). */
export const MAX_SEGMENT_DEPTH = 32;

export function readReference(payload: Json): RolloutReference | undefined {
  const file = str(payload.rollout_path);
  if (!file) return undefined;
  return { path: file, threadId: str(payload.thread_id), segmentId: str(payload.segment_id), nthUserMessage: num(payload.nth_user_message) };
}

/**
 * What the successor's own lines are named after: the segment it follows. The same reference
 * line is copied into the next segment when the successor is itself rotated, so its lines keep
 * their ids, and they never meet the earlier segment's `L<n>`.
 */
export function segmentKey(ref: RolloutReference): string {
  return ref.segmentId ?? 'initial';
}

/**
 * The segment's file on this machine: the path Codex wrote (plain or compressed), else the same
 * last four path components under this rollout's Codex home (a home read from another machine
 * or container), else Codex's archived place for it.
 */
export function findSegment(ref: RolloutReference, home: string | undefined): string | undefined {
  const candidates = [ref.path];
  if (home) {
    const parts = ref.path.split(/[\\/]/).filter(Boolean);
    if (parts.length >= 4) candidates.push(path.join(home, ...parts.slice(-4)));
    if (ref.threadId && ref.segmentId) candidates.push(path.join(home, 'archived_sessions', ref.threadId, ref.segmentId, path.basename(ref.path)));
  }
  for (const candidate of candidates) {
    const found = existingRollout(candidate);
    if (found) return found;
  }
  if (home && ref.threadId && ref.segmentId) {
    const dir = path.join(home, 'archived_sessions', ref.threadId, ref.segmentId);
    const name = names(dir).find((n) => /^rollout-.*\.jsonl(\.zst)?$/.test(n));
    if (name) return path.join(dir, name);
  }
  return undefined;
}

/** The plain file when it is there, else its `.zst` sibling (Codex prefers the plain one). */
function existingRollout(file: string): string | undefined {
  const plain = file.replace(/\.zst$/, '');
  if (existsSync(plain)) return plain;
  if (existsSync(`${plain}.zst`)) return `${plain}.zst`;
  return undefined;
}

/** The segment's lines, read whole (a segment never changes once written). */
export function segmentLines(file: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let offset = 0;
  readSourceText(file)
    .split('\n')
    .forEach((raw, i) => {
      offset += Buffer.byteLength(raw) + 1;
      lines.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, lineNo: i + 1, endOffset: offset });
    });
  return lines;
}

/** A segment's messages and facts, for the successor that follows it. */
export interface EarlierSegment {
  readonly conversation: Conversation;
  readonly path: string;
}

/** The id of a segment's `nth` (0-based) typed prompt. */
export function nthPrompt(conversation: Conversation, nth: number): string | undefined {
  return conversation.messages.filter((m) => m.role === 'user')[nth]?.id;
}

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
