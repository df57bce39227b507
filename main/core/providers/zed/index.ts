/** Zed's agent threads: one SQLite store, `<Zed data>/threads/threads.db`, every thread a row. */
import type { Provider } from '../kit/provider';
import { detectZedThreads } from './detect';
import { TEXT_THREAD_FOLDERS, ZED_FOLDERS, locateZedThreads } from './locate';
import { parseZedThreads } from './parse';
import { resumeCommand } from './resume';

export const zedProvider: Provider<'zed'> = {
  agent: 'zed',
  sessionFolders: [...ZED_FOLDERS, ...TEXT_THREAD_FOLDERS],
  locate: locateZedThreads,
  detect: detectZedThreads,
  parse: parseZedThreads,
  resumeCommand,
};
