/**
 * A Codex thread whose rollout was rotated (segment rotation, newer Codex), built from
 * openai/codex's source (main/core/providers/codex/README.md says where): the canonical file is
 * copied whole to `<codex home>/<rotated segments>/<thread id>/<segment id | initial>/<its name>`
 * and replaced by a successor: `session_meta`, a `rollout_reference` naming the copy, then the
 * turns that follow. A second rotation copies the successor (its `session_meta.segment_id` set to
 * the new segment's id) and references that copy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envelope, type Json, rolloutLine, sessionMeta, turn } from './codex-rollout';

export const ROTATED_THREAD = '019f4c10-0000-7000-8000-00000000c001';
export const SECOND_SEGMENT = '019f4c2a-0000-7000-8000-00000000c0de';
/**
 * Codex's `ROTATED_ROLLOUT_SEGMENTS_SUBDIR`: its value was not in the source we could read. The
 * reader does not depend on it (it follows `rollout_path`), and locate never walks it.
 */
export const ROTATED_DIR = 'rotated-segments-dir';
export const FILE_NAME = `rollout-2026-09-01T10-00-00-${ROTATED_THREAD}.jsonl`;
export const PROMPTS = ['Add dark mode to the settings page', 'Persist the choice in localStorage', 'Follow the system theme by default', 'Add a toggle to the header too'];
export const ANSWERS = ['Added a theme switch to Settings.', 'The choice is saved under `theme`.', 'Defaults to prefers-color-scheme.', 'The header has the toggle now.'];

const META = sessionMeta(ROTATED_THREAD, '2026-09-01T10:00:00.000Z', { cli_version: '0.160.0' });

function turnOf(n: number): [string, Json][] {
  return turn(`turn-${n + 1}`, PROMPTS[n], ANSWERS[n]);
}

/** The rollout before any rotation: two turns. */
export function original(): string[] {
  return envelope([['session_meta', META], ...turnOf(0), ...turnOf(1)], '2026-09-01T10:00:00.000Z');
}

/** A `rollout_reference` line as Codex writes it right after the successor's session_meta. */
export function referenceLine(rolloutPath: string, segmentId: string | null, threadId: string = ROTATED_THREAD, nthUserMessage: number | null = null): string {
  return rolloutLine('2026-09-02T08:00:00.000Z', 'rollout_reference', {
    rollout_path: rolloutPath,
    thread_id: threadId,
    rollout_timestamp: '2026-09-01T10-00-00',
    segment_id: segmentId,
    max_depth: 8,
    nth_user_message: nthUserMessage,
    compacted_replacement_history_filter_texts: null,
  });
}

/** The successor after the first rotation: it references `segmentPath` and goes on with turn 3. */
export function firstSuccessor(segmentPath: string): string[] {
  return [rolloutLine('2026-09-02T08:00:00.000Z', 'session_meta', META), referenceLine(segmentPath, null), ...envelope(turnOf(2), '2026-09-02T08:00:01.000Z')];
}

/** The successor after the second rotation: it references the copy of the first successor. */
export function secondSuccessor(segmentPath: string): string[] {
  return [rolloutLine('2026-09-03T08:00:00.000Z', 'session_meta', META), referenceLine(segmentPath, SECOND_SEGMENT), ...envelope(turnOf(3), '2026-09-03T08:00:01.000Z')];
}

/** A copy of `lines` as an immutable segment: its session_meta names the segment it is. */
export function asSegment(lines: readonly string[], segmentId: string | null): string[] {
  if (segmentId === null) return [...lines];
  const head = JSON.parse(lines[0]) as { payload: Json };
  head.payload.segment_id = segmentId;
  return [JSON.stringify(head), ...lines.slice(1)];
}

export function write(file: string, lines: readonly string[]): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

export interface RotatedHome {
  readonly canonical: string;
  /** Where the first rotation copied the original (segment id `initial`). */
  readonly firstSegment: string;
  /** Where the second rotation copied the first successor. */
  readonly secondSegment: string;
}

export function rotatedPaths(home: string): RotatedHome {
  const codex = path.join(home, '.codex');
  return {
    canonical: path.join(codex, 'sessions', '2026', '09', '01', FILE_NAME),
    firstSegment: path.join(codex, ROTATED_DIR, ROTATED_THREAD, 'initial', FILE_NAME),
    secondSegment: path.join(codex, ROTATED_DIR, ROTATED_THREAD, SECOND_SEGMENT, FILE_NAME),
  };
}

/**
 * Lays the thread out under `home` as Codex leaves it after `rotations` rotations (0, 1 or 2).
 * `foreignPaths`: the references name the segments where another machine's Codex home had them.
 */
export function writeRotated(home: string, rotations: 0 | 1 | 2, foreignPaths = false): RotatedHome {
  const p = rotatedPaths(home);
  const named = (file: string) => (foreignPaths ? path.join('/Users/someone/.codex', path.relative(path.join(home, '.codex'), file)) : file);
  if (rotations === 0) {
    write(p.canonical, original());
    return p;
  }
  write(p.firstSegment, asSegment(original(), null));
  const first = firstSuccessor(named(p.firstSegment));
  if (rotations === 1) {
    write(p.canonical, first);
    return p;
  }
  write(p.secondSegment, asSegment(first, SECOND_SEGMENT));
  write(p.canonical, secondSuccessor(named(p.secondSegment)));
  return p;
}
