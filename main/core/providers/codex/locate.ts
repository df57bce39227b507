/**
 * Finds Codex rollouts under a home: `.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` and
 * `.codex/archived_sessions/`, plus `$CODEX_HOME` when the home is this user's own. Only
 * `rollout-*.jsonl` names are returned; nothing else in `.codex` (auth.json, config) is opened.
 */
import os from 'node:os';
import path from 'node:path';
import { listDir } from '../../capture/safe-walk';

const SESSION_DIRS = ['sessions', 'archived_sessions'];
const ROLLOUT = /^rollout-.*\.jsonl$/;
/** sessions/YYYY/MM/DD is three levels; a little slack for layouts we have not seen. */
const MAX_DEPTH = 5;

export async function locateRollouts(home: string): Promise<string[]> {
  const roots = new Set([path.join(home, '.codex')]);
  const codexHome = process.env.CODEX_HOME;
  if (codexHome && path.resolve(home) === path.resolve(os.homedir())) roots.add(path.resolve(codexHome));
  const found = new Set<string>();
  for (const root of roots) {
    for (const dir of SESSION_DIRS) await collect(path.join(root, dir), 0, found);
  }
  return [...found].sort();
}

async function collect(dir: string, depth: number, found: Set<string>): Promise<void> {
  for (const entry of await listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth < MAX_DEPTH) await collect(full, depth + 1, found);
    } else if (entry.isFile() && ROLLOUT.test(entry.name)) {
      found.add(full);
    }
  }
}
