/**
 * Finds Kilo Code sources under a home, in Kilo's data dir `~/.local/share/kilo` (xdg-basedir's
 * data dir + `kilo`; `$XDG_DATA_HOME/kilo` when the home is this user's own): the SQLite store
 * `kilo.db` (`kilo-<channel>.db` for dev channels, or the `opencode-<channel>.db` such a channel
 * kept from before the rename, per Kilo-Org/kilocode `src/storage/db.ts`) and the session files of
 * the file store, `storage/session/<projectID>/<sessionID>.json`. Nothing else there is opened.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

export const KILO_FOLDERS = ['.local/share/kilo'];
const DB_NAME = /^(kilo|opencode)(-[\w.-]+)?\.db$/i;
const SESSION_FILE = /^ses_[\w-]+\.json$/;

export async function locateKilo(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, KILO_FOLDERS), ...ownEnvRoots(home, process.env.XDG_DATA_HOME).map((dir) => path.join(dir, 'kilo'))];
  return gather(roots, async (root) => {
    const found = (await filesIn(root, DB_NAME)).filter((f) => path.basename(f) !== 'opencode.db');
    for (const project of await subfolders(path.join(root, 'storage', 'session'))) found.push(...(await filesIn(project, SESSION_FILE)));
    return found;
  });
}
