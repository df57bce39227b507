/**
 * Finds Codex rollouts under a home: `.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` and
 * `.codex/archived_sessions/`, plus `$CODEX_HOME` when the home is this user's own. Only
 * `rollout-*.jsonl` names are returned (and `rollout-*.jsonl.zst`, a cold archived rollout Codex
 * compressed, unless its plain sibling is there: Codex reads that one then); nothing else in
 * `.codex` (auth.json, config) is opened.
 */
import path from 'node:path';
import { filesUnder, gather, homeFolders, ownEnvRoots } from '../kit/walk';
import { isCompressedSource } from '../kit/source-bytes';
import { SESSION_DIRS } from './codex-home';

export const CODEX_FOLDERS = SESSION_DIRS.map((dir) => `.codex/${dir}`);
const ROLLOUT = /^rollout-.*\.jsonl(\.zst)?$/;
/** sessions/YYYY/MM/DD is three levels; a little slack for layouts we have not seen. */
const MAX_DEPTH = 5;

export async function locateRollouts(home: string): Promise<string[]> {
  const moved = ownEnvRoots(home, process.env.CODEX_HOME).flatMap((root) => SESSION_DIRS.map((dir) => path.join(root, dir)));
  const found = await gather([...homeFolders(home, CODEX_FOLDERS), ...moved], (dir) => filesUnder(dir, ROLLOUT, MAX_DEPTH));
  const plain = new Set(found.filter((file) => !isCompressedSource(file)));
  return found.filter((file) => !isArchivedSegment(file) && !(isCompressedSource(file) && plain.has(file.slice(0, -'.zst'.length))));
}

const SEGMENT_DIR = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|initial)$/i;

/**
 * An immutable segment of a rotated thread, archived as `archived_sessions/<thread id>/<segment
 * id>/rollout-….jsonl`: read through the successor that references it (segments.ts), never as a
 * conversation of its own. (Unarchived segments live outside `sessions/`, where locate never looks.)
 */
function isArchivedSegment(file: string): boolean {
  const segment = path.dirname(file);
  const thread = path.dirname(segment);
  return path.basename(path.dirname(thread)) === 'archived_sessions' && SEGMENT_DIR.test(path.basename(segment)) && SEGMENT_DIR.test(path.basename(thread));
}
