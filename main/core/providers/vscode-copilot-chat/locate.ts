/**
 * Finds VS Code chat sessions (Copilot Chat's panel, edits and agent mode) under one home:
 * `<User>/workspaceStorage/<workspace hash>/chatSessions/<session id>.json` (flat JSON, before
 * VS Code 1.109) or `.jsonl` (the append log from 1.109), and empty-window chats in
 * `<User>/globalStorage/emptyWindowChatSessions/`, for each VS Code build (desktop on Linux,
 * macOS and Windows, and the remote/SSH server). When a session has both files, VS Code reads
 * the log: so do we. Nothing else in those folders is opened (`state.vscdb` holds secrets).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

const EDITORS = ['Code', 'Code - Insiders', 'VSCodium', 'Code - OSS'];
const SERVER_DATA = ['.vscode-server', '.vscode-server-insiders', '.vscodium-server'];
const USER_DIRS = [
  ...['.config', 'Library/Application Support', 'AppData/Roaming'].flatMap((root) => EDITORS.map((editor) => `${root}/${editor}/User`)),
  ...SERVER_DATA.map((server) => `${server}/data/User`),
];
const WORKSPACE_STORAGE = 'workspaceStorage';
const EMPTY_WINDOW = 'globalStorage/emptyWindowChatSessions';

export const VSCODE_CHAT_FOLDERS = USER_DIRS.flatMap((user) => [`${user}/${WORKSPACE_STORAGE}`, `${user}/${EMPTY_WINDOW}`]);

const SESSION_FILE = /\.jsonl?$/;

export async function locateVscodeChats(home: string): Promise<string[]> {
  const appData = ownEnvRoots(home, process.env.APPDATA).flatMap((dir) => EDITORS.map((editor) => path.join(dir, editor, 'User')));
  const xdg = ownEnvRoots(home, process.env.XDG_CONFIG_HOME).flatMap((dir) => EDITORS.map((editor) => path.join(dir, editor, 'User')));
  const users = [...homeFolders(home, USER_DIRS), ...appData, ...xdg];
  const chatFolders = await gather(users, async (user) => [
    ...(await subfolders(path.join(user, WORKSPACE_STORAGE))).map((ws) => path.join(ws, 'chatSessions')),
    path.join(user, ...EMPTY_WINDOW.split('/')),
  ]);
  return gather(chatFolders, async (dir) => preferLogs(await filesIn(dir, SESSION_FILE)));
}

/** `<id>.json` is left when `<id>.jsonl` sits beside it: VS Code reads the log and so do we. */
function preferLogs(files: string[]): string[] {
  const logs = new Set(files.filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(0, -'.jsonl'.length)));
  return files.filter((f) => f.endsWith('.jsonl') || !logs.has(f.slice(0, -'.json'.length)));
}
