/**
 * Finds Zed's agent thread store under one home: `threads/threads.db` in Zed's data folder —
 * `~/.local/share/zed` (Linux, `$XDG_DATA_HOME/zed`), `~/Library/Application Support/Zed`
 * (macOS), `AppData/Local/Zed` (Windows, `%LOCALAPPDATA%\Zed`) and the Flatpak's
 * `~/.var/app/dev.zed.Zed/data/zed`. One database holds every thread. Also the older text
 * threads, one `*.zed.json` each (text-thread.ts). Nothing else in Zed's folders is opened.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots } from '../kit/walk';

export const ZED_FOLDERS = ['.local/share/zed/threads', 'Library/Application Support/Zed/threads', 'AppData/Local/Zed/threads', '.var/app/dev.zed.Zed/data/zed/threads'];
export const THREADS_DB = 'threads.db';
/**
 * The older text threads' folder (paths.rs `contexts_dir`): `conversations` in Zed's config
 * folder (macOS, and Linux before Zed moved it) or its data folder (Linux, Windows now).
 */
export const TEXT_THREAD_FOLDERS = [
  '.config/zed/conversations', '.local/share/zed/conversations', 'AppData/Roaming/Zed/conversations', 'AppData/Local/Zed/conversations',
  '.var/app/dev.zed.Zed/config/zed/conversations', '.var/app/dev.zed.Zed/data/zed/conversations',
];
const TEXT_THREAD = /\.zed\.json$/;

export async function locateZedThreads(home: string): Promise<string[]> {
  const roots = [
    ...homeFolders(home, ZED_FOLDERS),
    ...ownEnvRoots(home, process.env.XDG_DATA_HOME).map((dir) => path.join(dir, 'zed', 'threads')),
    ...ownEnvRoots(home, process.env.LOCALAPPDATA).map((dir) => path.join(dir, 'Zed', 'threads')),
  ];
  const textRoots = [
    ...homeFolders(home, TEXT_THREAD_FOLDERS),
    ...ownEnvRoots(home, process.env.XDG_CONFIG_HOME).map((dir) => path.join(dir, 'zed', 'conversations')),
    ...ownEnvRoots(home, process.env.XDG_DATA_HOME).map((dir) => path.join(dir, 'zed', 'conversations')),
  ];
  return [...(await gather(roots, (dir) => filesIn(dir, THREADS_DB))), ...(await gather(textRoots, (dir) => filesIn(dir, TEXT_THREAD)))];
}
