/**
 * Finds Cline-family task files under one home: `<globalStorage>/<extension>/tasks/<id>/
 * ui_messages.json` for each VS Code-family editor (desktop on Linux, macOS and Windows, and
 * the remote/SSH server data dirs), and the standalone `~/.cline/data/tasks/<id>/` store
 * (`$CLINE_DIR/data`, `$CLINE_DATA_DIR` when the home is this user's). Only the task folders
 * are listed; settings and secrets files beside them are never opened.
 */
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';

const EDITORS = ['Code', 'Code - Insiders', 'Cursor', 'Windsurf', 'VSCodium', 'Code - OSS', 'Trae', 'Kiro', 'Void', 'Positron'];
const SERVER_DATA = ['.vscode-server', '.vscode-server-insiders', '.cursor-server', '.windsurf-server', '.vscodium-server'];
/** Cline, Roo Code, Kilo Code: forks that keep Cline's task layout. */
const EXTENSIONS = new Set(['saoudrizwan.claude-dev', 'rooveterinaryinc.roo-cline', 'kilocode.kilo-code']);
const TASK_FILE = 'ui_messages.json';

export async function locateClineTasks(home: string): Promise<string[]> {
  const taskRoots = new Set<string>();
  for (const storage of globalStorageDirs(home)) {
    for (const entry of await entries(storage)) {
      if (entry.isDirectory() && EXTENSIONS.has(entry.name.toLowerCase())) taskRoots.add(path.join(storage, entry.name, 'tasks'));
    }
  }
  for (const dataDir of clineDataDirs(home)) taskRoots.add(path.join(dataDir, 'tasks'));
  const found = new Set<string>();
  for (const root of taskRoots) {
    for (const task of await entries(root)) {
      if (!task.isDirectory()) continue;
      const file = path.join(root, task.name, TASK_FILE);
      if (!keepUnlessCredential(file)) continue;
      if ((await entries(path.join(root, task.name))).some((e) => e.isFile() && e.name === TASK_FILE)) found.add(file);
    }
  }
  return [...found].sort();
}

function globalStorageDirs(home: string): string[] {
  const dirs: string[] = [];
  for (const editor of EDITORS) {
    dirs.push(path.join(home, '.config', editor, 'User', 'globalStorage'));
    dirs.push(path.join(home, 'Library', 'Application Support', editor, 'User', 'globalStorage'));
    dirs.push(path.join(home, 'AppData', 'Roaming', editor, 'User', 'globalStorage'));
  }
  for (const server of SERVER_DATA) dirs.push(path.join(home, server, 'data', 'User', 'globalStorage'));
  const appData = process.env.APPDATA;
  if (appData && isOwnHome(home)) for (const editor of EDITORS) dirs.push(path.join(appData, editor, 'User', 'globalStorage'));
  return [...new Set(dirs.map((d) => path.resolve(d)))];
}

function clineDataDirs(home: string): string[] {
  const dirs = [path.join(home, '.cline', 'data')];
  if (isOwnHome(home)) {
    if (process.env.CLINE_DATA_DIR) dirs.push(process.env.CLINE_DATA_DIR);
    if (process.env.CLINE_DIR) dirs.push(path.join(process.env.CLINE_DIR, 'data'));
  }
  return [...new Set(dirs.map((d) => path.resolve(d)))];
}

function isOwnHome(home: string): boolean {
  return path.resolve(home) === path.resolve(os.homedir());
}

/** Entries of a directory (symbolic links followed, skips named: see safe-walk.ts). */
async function entries(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}
