/**
 * Finds OpenCode sources under a home: in `<home>/.local/share/opencode` (and
 * `$XDG_DATA_HOME/opencode` when the home is this user's own) the SQLite store `opencode.db`
 * (`opencode-<channel>.db` for other channels) and the session files of the older file store,
 * `storage/session/<projectID>/<sessionID>.json`. Nothing else there is opened: the same
 * directory holds `auth.json` (provider keys).
 */
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';

const DB_NAME = /^opencode(-[\w.-]+)?\.db$/i;
const SESSION_FILE = /^ses_[\w-]+\.json$/;

export async function locateOpenCode(home: string): Promise<string[]> {
  const roots = new Set([path.join(home, '.local', 'share', 'opencode')]);
  const xdg = process.env.XDG_DATA_HOME;
  if (xdg && path.resolve(home) === path.resolve(os.homedir())) roots.add(path.join(path.resolve(xdg), 'opencode'));
  const found = new Set<string>();
  for (const root of roots) {
    for (const entry of await list(root)) {
      if (entry.isFile() && DB_NAME.test(entry.name)) found.add(path.join(root, entry.name));
    }
    const sessions = path.join(root, 'storage', 'session');
    for (const project of await list(sessions)) {
      if (!project.isDirectory()) continue;
      for (const entry of await list(path.join(sessions, project.name))) {
        if (entry.isFile() && SESSION_FILE.test(entry.name)) found.add(path.join(sessions, project.name, entry.name));
      }
    }
  }
  return [...found].filter(keepUnlessCredential).sort();
}

async function list(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}
