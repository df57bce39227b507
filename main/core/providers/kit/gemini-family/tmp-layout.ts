/**
 * The Gemini CLI folder layout, which Qwen Code's pre-JSONL sessions share:
 * `<tmp>/<project id>/{logs.json, chats/<chat>, chats/<parent session id>/*.json(l)}` (the last
 * are subagent chats).
 */
import path from 'node:path';
import { filesIn, subfolders } from '../walk';

export async function tmpSessionFiles(tmpDir: string, chatName: RegExp): Promise<string[]> {
  const found: string[] = [];
  for (const project of await subfolders(tmpDir)) {
    found.push(...(await filesIn(project, 'logs.json')));
    const chats = path.join(project, 'chats');
    found.push(...(await filesIn(chats, chatName)));
    for (const parent of await subfolders(chats)) found.push(...(await filesIn(parent, /\.jsonl?$/)));
  }
  return found;
}
