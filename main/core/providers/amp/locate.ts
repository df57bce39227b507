/**
 * Finds Amp threads under a home: `~/.local/share/amp/threads/T-*.json` (and under
 * `$XDG_DATA_HOME` / `$AMP_DATA_HOME` when the home is this user's own), the older VS Code
 * extension store `…/User/globalStorage/sourcegraph.amp/threads3/T-*.json`. Only those names
 * are returned; nothing else is opened. (The live captures `dejavu capture amp` keeps in the
 * archive are added by the sync itself, which knows which archive it writes.)
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots } from '../kit/walk';

const THREAD_FILE = /^T-[0-9A-Za-z-]+\.json$/;
const EDITORS = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor', 'Windsurf'];
const EDITOR_ROOTS = ['.config', 'Library/Application Support', 'AppData/Roaming'];

export const AMP_FOLDERS = [
  '.local/share/amp/threads',
  ...EDITOR_ROOTS.flatMap((root) => EDITORS.map((editor) => `${root}/${editor}/User/globalStorage/sourcegraph.amp/threads3`)),
];

export async function locateAmp(home: string): Promise<string[]> {
  const moved = ownEnvRoots(home, process.env.XDG_DATA_HOME, process.env.AMP_DATA_HOME).map((dir) => path.join(dir, 'amp', 'threads'));
  return gather([...homeFolders(home, AMP_FOLDERS), ...moved], (dir) => filesIn(dir, THREAD_FILE));
}
