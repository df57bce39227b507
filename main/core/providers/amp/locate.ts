/**
 * Finds Amp threads under a home: `~/.local/share/amp/threads/T-*.json` (and under
 * `$XDG_DATA_HOME` / `$AMP_DATA_HOME` when the home is this user's own), the older VS Code
 * extension store `…/User/globalStorage/sourcegraph.amp/threads3/T-*.json`. Only those names
 * are returned; nothing else is opened. (The live captures `dejavu capture amp` keeps in the
 * archive are added by the sync itself, which knows which archive it writes.)
 */
import os from 'node:os';
import path from 'node:path';
import { keepUnlessCredential, listDir } from '../../capture/safe-walk';

const THREAD_FILE = /^T-[0-9A-Za-z-]+\.json$/;
const EDITORS = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor', 'Windsurf'];

export async function locateAmp(home: string): Promise<string[]> {
  const own = path.resolve(home) === path.resolve(os.homedir());
  const threadDirs = new Set([path.join(home, '.local', 'share', 'amp', 'threads')]);
  const editorRoots = [path.join(home, '.config'), path.join(home, 'Library', 'Application Support'), path.join(home, 'AppData', 'Roaming')];
  for (const root of editorRoots) {
    for (const editor of EDITORS) threadDirs.add(path.join(root, editor, 'User', 'globalStorage', 'sourcegraph.amp', 'threads3'));
  }
  if (own) {
    if (process.env.XDG_DATA_HOME) threadDirs.add(path.join(process.env.XDG_DATA_HOME, 'amp', 'threads'));
    if (process.env.AMP_DATA_HOME) threadDirs.add(path.join(process.env.AMP_DATA_HOME, 'amp', 'threads'));
  }
  const found = new Set<string>();
  for (const dir of threadDirs) await collect(path.resolve(dir), THREAD_FILE, found);
  return [...found].sort();
}

async function collect(dir: string, name: RegExp, found: Set<string>): Promise<void> {
  for (const entry of await listDir(dir)) {
    if (entry.isFile() && name.test(entry.name) && keepUnlessCredential(path.join(dir, entry.name))) found.add(path.join(dir, entry.name));
  }
}
