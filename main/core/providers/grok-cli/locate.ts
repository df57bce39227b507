/**
 * Finds Grok CLI sessions under one home: `~/.grok/sessions/<url-encoded cwd>/<session>/
 * chat_history.jsonl` and subagent sessions in `<session>/subagents/<child>/`, plus the same
 * under `$GROK_HOME` when the home is this user's own. Only `chat_history.jsonl` names are
 * returned; auth and config files in `~/.grok` are never opened.
 */
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';

const HISTORY = 'chat_history.jsonl';

export async function locateGrokSessions(home: string): Promise<string[]> {
  const roots = new Set([path.resolve(home, '.grok', 'sessions')]);
  const grokHome = process.env.GROK_HOME;
  if (grokHome && path.resolve(home) === path.resolve(os.homedir())) roots.add(path.resolve(grokHome, 'sessions'));
  const found = new Set<string>();
  for (const root of roots) {
    for (const project of await dirs(root)) {
      for (const session of await dirs(path.join(root, project))) {
        const dir = path.join(root, project, session);
        await addHistory(dir, found);
        for (const child of await dirs(path.join(dir, 'subagents'))) await addHistory(path.join(dir, 'subagents', child), found);
      }
    }
  }
  return [...found].sort();
}

async function addHistory(dir: string, found: Set<string>): Promise<void> {
  for (const e of await entries(dir)) {
    if (e.isFile() && e.name === HISTORY && keepUnlessCredential(path.join(dir, e.name))) found.add(path.join(dir, e.name));
  }
}

async function dirs(dir: string): Promise<string[]> {
  return (await entries(dir)).filter((e) => e.isDirectory()).map((e) => e.name);
}

async function entries(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}
