/**
 * Finds Goose sessions under a home, in Goose's data dir (`etcetera` XDG strategy, app `goose`:
 * `~/.local/share/goose`; `$XDG_DATA_HOME/goose` and `$GOOSE_PATH_ROOT/data` when the home is
 * this user's own): `sessions/sessions.db` (Goose ≥ 1.10, block/goose
 * `crates/goose/src/session/session_manager.rs`) and the older one-file-per-session
 * `sessions/<name>.jsonl`. Goose copies the `.jsonl` sessions into `sessions.db` when it first
 * creates it and leaves the files behind: a `.jsonl` whose name is a session id in the database
 * is not returned again.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots } from '../kit/walk';
import { sessionIdsIn } from './sqlite';

export const GOOSE_FOLDERS = ['.local/share/goose/sessions'];
export const GOOSE_DB = 'sessions.db';

export async function locateGoose(home: string): Promise<string[]> {
  const roots = [
    ...homeFolders(home, GOOSE_FOLDERS),
    ...ownEnvRoots(home, process.env.XDG_DATA_HOME).map((dir) => path.join(dir, 'goose', 'sessions')),
    ...ownEnvRoots(home, process.env.GOOSE_PATH_ROOT).map((dir) => path.join(dir, 'data', 'sessions')),
  ];
  return gather(roots, async (root) => {
    const db = await filesIn(root, GOOSE_DB);
    const inDb = db.length ? sessionIdsIn(db[0]) : new Set<string>();
    const legacy = (await filesIn(root, /\.jsonl$/i)).filter((f) => !inDb.has(path.basename(f).replace(/\.jsonl$/i, '')));
    return [...db, ...legacy];
  });
}
