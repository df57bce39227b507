/**
 * Finds Hermes Agent's session stores under one home: `~/.hermes/state.db` (hermes_state.py
 * `DEFAULT_DB_PATH = get_hermes_home() / "state.db"`), each profile's `~/.hermes/profiles/
 * <name>/state.db`, and `$HERMES_HOME/state.db` when the home is this user's own. One SQLite
 * database holds every session. Nothing else is opened (`.env`, `auth.json` hold keys).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

export const HERMES_FOLDERS = ['.hermes'];
export const STATE_DB = 'state.db';

export async function locateHermes(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, HERMES_FOLDERS), ...ownEnvRoots(home, process.env.HERMES_HOME)];
  return gather(roots, async (root) => {
    const found = await filesIn(root, STATE_DB);
    for (const profile of await subfolders(path.join(root, 'profiles'))) found.push(...(await filesIn(profile, STATE_DB)));
    return found;
  });
}
