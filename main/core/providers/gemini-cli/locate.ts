/**
 * Finds Gemini CLI files under a home: `.gemini/tmp/<project id>/chats/session-*.json(l)`,
 * subagent chats `chats/<parent session id>/*.json(l)`, and `.gemini/tmp/<project id>/logs.json`;
 * plus the same under `$GEMINI_CLI_HOME/.gemini` when the home is this user's own. Nothing else
 * in `.gemini` (oauth_creds.json, google_accounts.json, settings) is listed or opened.
 */
import path from 'node:path';
import { tmpSessionFiles } from '../kit/gemini-family/tmp-layout';
import { gather, homeFolders, ownEnvRoots } from '../kit/walk';

export const GEMINI_FOLDERS = ['.gemini/tmp'];
const CHAT = /^session-.*\.jsonl?$/;

export async function locateGeminiFiles(home: string): Promise<string[]> {
  const moved = ownEnvRoots(home, process.env.GEMINI_CLI_HOME).map((dir) => path.join(dir, '.gemini', 'tmp'));
  return gather([...homeFolders(home, GEMINI_FOLDERS), ...moved], (tmp) => tmpSessionFiles(tmp, CHAT));
}
