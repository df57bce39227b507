/**
 * Finds Cursor CLI sessions under a home:
 * - `.cursor/projects/<sanitized-cwd>/agent-transcripts/<id>.jsonl` (CLI, flat) and
 *   `…/agent-transcripts/<id>/<id>.jsonl` (IDE agent, nested); the same under `.cursor-server`;
 * - `.cursor/chats/<md5(cwd)>/<chatId>/store.db` (the CLI's SQLite chat store).
 * Only those names are returned; `cli-config.json` (auth) and the rest of `.cursor` are never opened.
 */
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';

export async function locateCursor(home: string): Promise<string[]> {
  const found: string[] = [];
  for (const base of ['.cursor', '.cursor-server']) {
    const projects = path.join(home, base, 'projects');
    for (const project of await dirs(projects)) {
      await transcripts(path.join(projects, project, 'agent-transcripts'), 0, found);
    }
  }
  const chats = path.join(home, '.cursor', 'chats');
  for (const bucket of await dirs(chats)) {
    for (const chat of await dirs(path.join(chats, bucket))) {
      const entries = await list(path.join(chats, bucket, chat));
      if (entries.some((e) => e.isFile() && e.name === 'store.db')) found.push(path.join(chats, bucket, chat, 'store.db'));
    }
  }
  return found.filter(keepUnlessCredential).sort();
}

async function transcripts(dir: string, depth: number, found: string[]): Promise<void> {
  for (const entry of await list(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && depth < 2) await transcripts(full, depth + 1, found);
    else if (entry.isFile() && entry.name.endsWith('.jsonl')) found.push(full);
  }
}

async function dirs(dir: string): Promise<string[]> {
  return (await list(dir)).filter((e) => e.isDirectory()).map((e) => e.name);
}

async function list(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}
