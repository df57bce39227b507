/** The Codex home a rollout lives in: the folder that holds its `sessions/` or `archived_sessions/`. */
import os from 'node:os';
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

/**
 * Where Codex keeps its SQLite databases (`state_<n>.sqlite`) for `home`, when not in `home`
 * itself: `$CODEX_SQLITE_HOME` (codex-rs/state `SQLITE_HOME_ENV`; Codex's own order is the
 * `sqlite_home` of config.toml, which is never opened here, then this variable, then the Codex
 * home). It counts only for this user's own Codex home (`$CODEX_HOME`, else `~/.codex`), as
 * `$CODEX_HOME` does in locate.ts: another home (a jackin container's, a copy) is not governed
 * by our environment. A relative value is relative to the directory Codex started in, which is
 * not known here: it is not used.
 */
export function sqliteHomeOf(home: string): string | undefined {
  const value = process.env.CODEX_SQLITE_HOME?.trim();
  if (!value || !path.isAbsolute(value)) return undefined;
  const own = process.env.CODEX_HOME?.trim() ? path.resolve(process.env.CODEX_HOME.trim()) : path.join(os.homedir(), '.codex');
  return path.resolve(home) === own ? path.resolve(value) : undefined;
}
