/**
 * Finds Zed's agent thread store under one home: `threads/threads.db` in Zed's data folder —
 * `~/.local/share/zed` (Linux, `$XDG_DATA_HOME/zed`), `~/Library/Application Support/Zed`
 * (macOS), `AppData/Local/Zed` (Windows, `%LOCALAPPDATA%\Zed`) and the Flatpak's
 * `~/.var/app/dev.zed.Zed/data/zed`. One database holds every thread. Nothing else in Zed's
 * folders is opened.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots } from '../kit/walk';

export const ZED_FOLDERS = ['.local/share/zed/threads', 'Library/Application Support/Zed/threads', 'AppData/Local/Zed/threads', '.var/app/dev.zed.Zed/data/zed/threads'];
export const THREADS_DB = 'threads.db';

export async function locateZedThreads(home: string): Promise<string[]> {
  const roots = [
    ...homeFolders(home, ZED_FOLDERS),
    ...ownEnvRoots(home, process.env.XDG_DATA_HOME).map((dir) => path.join(dir, 'zed', 'threads')),
    ...ownEnvRoots(home, process.env.LOCALAPPDATA).map((dir) => path.join(dir, 'Zed', 'threads')),
  ];
  return gather(roots, (dir) => filesIn(dir, THREADS_DB));
}
