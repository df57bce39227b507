/**
 * Finds Gemini CLI files under a home: `.gemini/tmp/<project id>/chats/session-*.json(l)`,
 * subagent chats `chats/<parent session id>/*.json(l)`, and `.gemini/tmp/<project id>/logs.json`;
 * plus the same under `$GEMINI_CLI_HOME/.gemini` when the home is this user's own. Nothing else
 * in `.gemini` (oauth_creds.json, google_accounts.json, settings) is listed or opened.
 */
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';

const CHAT = /^session-.*\.jsonl?$/;

export async function locateGeminiFiles(home: string): Promise<string[]> {
  const roots = new Set([path.join(home, '.gemini')]);
  const cliHome = process.env.GEMINI_CLI_HOME;
  if (cliHome && path.resolve(home) === path.resolve(os.homedir())) roots.add(path.join(path.resolve(cliHome), '.gemini'));
  const found = new Set<string>();
  for (const root of roots) await collectTmp(path.join(root, 'tmp'), CHAT, found);
  return [...found].sort();
}

/**
 * `<tmp>/<project id>/{logs.json, chats/<chat>, chats/<parent>/*.json(l)}`. Shared with Qwen
 * Code, whose pre-JSONL sessions use the same layout under `.qwen/tmp`.
 */
export async function collectTmp(tmpDir: string, chatName: RegExp, found: Set<string>): Promise<void> {
  for (const project of await dirs(tmpDir)) {
    const projectDir = path.join(tmpDir, project);
    const top = await list(projectDir);
    if (top.some((e) => e.name === 'logs.json' && e.isFile())) add(path.join(projectDir, 'logs.json'), found);
    const chatsDir = path.join(projectDir, 'chats');
    for (const entry of await list(chatsDir)) {
      const full = path.join(chatsDir, entry.name);
      if (entry.isFile() && chatName.test(entry.name)) add(full, found);
      else if (entry.isDirectory()) {
        for (const sub of await list(full)) if (sub.isFile() && /\.jsonl?$/.test(sub.name)) add(path.join(full, sub.name), found);
      }
    }
  }
}

function add(file: string, found: Set<string>): void {
  if (keepUnlessCredential(file)) found.add(file);
}

async function dirs(dir: string): Promise<string[]> {
  return (await list(dir)).filter((e) => e.isDirectory()).map((e) => e.name);
}

async function list(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}
