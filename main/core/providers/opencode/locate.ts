/**
 * Finds OpenCode sources under a home: in `<home>/.local/share/opencode` (and
 * `$XDG_DATA_HOME/opencode` when the home is this user's own) the SQLite store `opencode.db`
 * (`opencode-<channel>.db` for other channels) and the session files of the older file store,
 * `storage/session/<projectID>/<sessionID>.json`. Nothing else there is opened: the same
 * directory holds `auth.json` (provider keys).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

export const OPENCODE_FOLDERS = ['.local/share/opencode'];
const DB_NAME = /^opencode(-[\w.-]+)?\.db$/i;
const SESSION_FILE = /^ses_[\w-]+\.json$/;

export async function locateOpenCode(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, OPENCODE_FOLDERS), ...ownEnvRoots(home, process.env.XDG_DATA_HOME).map((dir) => path.join(dir, 'opencode'))];
  return gather(roots, async (root) => {
    const found = await filesIn(root, DB_NAME);
    for (const project of await subfolders(path.join(root, 'storage', 'session'))) found.push(...(await filesIn(project, SESSION_FILE)));
    return found;
  });
}
