/**
 * Finds Cline-family task files under one home: `<globalStorage>/<extension>/tasks/<id>/
 * ui_messages.json` (or `api_conversation_history.json` when that is all a task kept) for each VS Code-family editor (desktop on Linux, macOS and Windows, and
 * the remote/SSH server data dirs), and the standalone `~/.cline/data/tasks/<id>/` store
 * (`$CLINE_DIR/data`, `$CLINE_DATA_DIR` when the home is this user's), and the Cline SDK's
 * `~/.cline/data/sessions/<id>/<id>.messages.json` (`$CLINE_SESSION_DATA_DIR`). Only the task and
 * session folders are listed; settings and secrets files beside them are never opened.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

const EDITORS = ['Code', 'Code - Insiders', 'Cursor', 'Windsurf', 'VSCodium', 'Code - OSS', 'Trae', 'Kiro', 'Void', 'Positron'];
const SERVER_DATA = ['.vscode-server', '.vscode-server-insiders', '.cursor-server', '.windsurf-server', '.vscodium-server'];
/** Cline, Roo Code, Kilo Code: forks that keep Cline's task layout (folder names as the editors write them). */
const EXTENSIONS = ['saoudrizwan.claude-dev', 'rooveterinaryinc.roo-cline', 'kilocode.kilo-code'];
const TASK_FILE = 'ui_messages.json';
const API_HISTORY = 'api_conversation_history.json';

const GLOBAL_STORAGE = [
  ...['.config', 'Library/Application Support', 'AppData/Roaming'].flatMap((root) => EDITORS.map((editor) => `${root}/${editor}/User/globalStorage`)),
  ...SERVER_DATA.map((server) => `${server}/data/User/globalStorage`),
];

/** Each extension's `tasks` folder in each editor's storage, and the standalone CLI's; the Cline SDK's sessions. */
export const CLINE_FOLDERS = [...GLOBAL_STORAGE.flatMap((storage) => EXTENSIONS.map((ext) => `${storage}/${ext}/tasks`)), '.cline/data/tasks', '.cline/data/sessions'];

export async function locateClineTasks(home: string): Promise<string[]> {
  const appData = ownEnvRoots(home, process.env.APPDATA).flatMap((dir) => EDITORS.map((editor) => path.join(dir, editor, 'User', 'globalStorage')));
  // Editors write an extension's folder in either case (`RooVeterinaryInc.roo-cline`).
  const extensionTasks = await gather([...homeFolders(home, GLOBAL_STORAGE), ...appData], async (storage) =>
    (await subfolders(storage)).filter((dir) => EXTENSIONS.includes(path.basename(dir).toLowerCase())).map((dir) => path.join(dir, 'tasks')),
  );
  const data = ownEnvRoots(home, process.env.CLINE_DATA_DIR, process.env.CLINE_DIR && path.join(process.env.CLINE_DIR, 'data'));
  const cli = data.map((dir) => path.join(dir, 'tasks'));
  // The Cline SDK (CLI 3.x, the new extension): `sessions/<id>/<id>.messages.json` (sdk-session.ts), moved by $CLINE_SESSION_DATA_DIR.
  const sessionRoots = [...homeFolders(home, ['.cline/data/sessions']), ...data.map((dir) => path.join(dir, 'sessions')), ...ownEnvRoots(home, process.env.CLINE_SESSION_DATA_DIR)];
  const sessions = await gather(sessionRoots, async (root) => {
    const found: string[] = [];
    // The lead's `<id>.messages.json`, and its subagents' and teammates' `<agentId>[__<task>].messages.json` beside it.
    for (const dir of await subfolders(root)) found.push(...(await filesIn(dir, /\.messages\.json$/)));
    return found;
  });
  const tasks = await gather([...extensionTasks, ...homeFolders(home, ['.cline/data/tasks']), ...cli], async (tasks) => {
    const found: string[] = [];
    for (const task of await subfolders(tasks)) {
      const ui = await filesIn(task, TASK_FILE);
      // Without what the person saw, what was sent to the model is the task's record.
      found.push(...(ui.length ? ui : await filesIn(task, API_HISTORY)));
    }
    return found;
  });
  return [...tasks, ...sessions].sort();
}
