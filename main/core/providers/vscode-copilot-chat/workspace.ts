/**
 * The folder a chat belongs to: VS Code keeps `workspace.json` beside `chatSessions/` in each
 * `workspaceStorage/<hash>/`, `{"folder": "<uri>"}` for a folder window or
 * `{"workspace": "<uri of a .code-workspace file>"}` for a multi-root one. A `file:` URI is
 * the path; a remote one (`vscode-remote://ssh-remote+host/path`) gives its path on that host.
 * Empty-window chats have none.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObject, str } from '../kit/json';
import { tryParseJson } from '../kit/parse-json';

export async function workspaceFolder(sessionFile: string): Promise<string | undefined> {
  const chatDir = path.dirname(sessionFile);
  if (path.basename(chatDir) !== 'chatSessions') return undefined;
  let text: string;
  try {
    text = await readFile(path.join(path.dirname(chatDir), 'workspace.json'), 'utf8');
  } catch {
    return undefined; // no workspace.json: the chat is kept without a folder
  }
  const meta = tryParseJson(text);
  if (!isObject(meta)) return undefined;
  const folder = str(meta.folder);
  if (folder) return uriPath(folder);
  const workspace = str(meta.workspace) ?? str(isObject(meta.configuration) ? meta.configuration.path : undefined);
  const file = workspace ? uriPath(workspace) : undefined;
  return file ? path.posix.dirname(file.replace(/\\/g, '/')) : undefined;
}

function uriPath(uri: string): string | undefined {
  try {
    if (uri.startsWith('file:')) return fileURLToPath(uri);
    const parsed = new URL(uri);
    return decodeURIComponent(parsed.pathname) || undefined;
  } catch {
    return uri.startsWith('/') ? uri : undefined;
  }
}
