/**
 * Finds Codex rollouts under a home: `.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` and
 * `.codex/archived_sessions/`, plus `$CODEX_HOME` when the home is this user's own. Only
 * `rollout-*.jsonl` names are returned; nothing else in `.codex` (auth.json, config) is opened.
 */
import path from 'node:path';
import { filesUnder, gather, homeFolders, ownEnvRoots } from '../kit/walk';
import { SESSION_DIRS } from './codex-home';

export const CODEX_FOLDERS = SESSION_DIRS.map((dir) => `.codex/${dir}`);
const ROLLOUT = /^rollout-.*\.jsonl$/;
/** sessions/YYYY/MM/DD is three levels; a little slack for layouts we have not seen. */
const MAX_DEPTH = 5;

export async function locateRollouts(home: string): Promise<string[]> {
  const moved = ownEnvRoots(home, process.env.CODEX_HOME).flatMap((root) => SESSION_DIRS.map((dir) => path.join(root, dir)));
  return gather([...homeFolders(home, CODEX_FOLDERS), ...moved], (dir) => filesUnder(dir, ROLLOUT, MAX_DEPTH));
}
