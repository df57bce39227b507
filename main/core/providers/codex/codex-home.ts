/** The Codex home a rollout lives in: the folder that holds its `sessions/` or `archived_sessions/`. */
import path from 'node:path';

export const SESSION_DIRS: readonly string[] = ['sessions', 'archived_sessions'];

/** `<home>/sessions/YYYY/MM/DD/rollout-….jsonl` → `<home>`; undefined for a rollout found elsewhere. */
export function codexHomeOf(rolloutPath: string): string | undefined {
  let dir = path.dirname(path.resolve(rolloutPath));
  for (let i = 0; i < 6; i += 1) {
    if (SESSION_DIRS.includes(path.basename(dir))) return path.dirname(dir);
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}
