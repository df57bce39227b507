/**
 * Finds Qwen Code files under a home (and `$QWEN_RUNTIME_DIR` when the home is this user's
 * own; Storage.getRuntimeBaseDir in packages/core/src/config/storage.ts):
 * - `.qwen/projects/<sanitized cwd>/chats/<sessionId>.jsonl` (v0.3+, Nov 2025 on), and
 *   `chats/<dir>/*.jsonl` one level down;
 * - `.qwen/tmp/<project hash>/chats/session-*.json` and `logs.json` (the Gemini CLI layout
 *   Qwen Code used before).
 * Never lists or opens oauth_creds.json, settings.json or anything else in `.qwen`.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';
import type { HasChat } from '../gemini-cli/logs';
import { collectTmp } from '../gemini-cli/locate';
import { chatsBeside } from '../gemini-cli/parse';

const LEGACY_CHAT = /^session-.*\.json$/;

export async function locateQwenFiles(home: string): Promise<string[]> {
  const roots = new Set([path.join(home, '.qwen')]);
  const runtime = process.env.QWEN_RUNTIME_DIR;
  if (runtime && path.resolve(home) === path.resolve(os.homedir())) roots.add(path.resolve(runtime));
  const found = new Set<string>();
  for (const root of roots) {
    await collectProjects(path.join(root, 'projects'), found);
    await collectTmp(path.join(root, 'tmp'), LEGACY_CHAT, found);
  }
  return [...found].sort();
}

async function collectProjects(projectsDir: string, found: Set<string>): Promise<void> {
  for (const project of await list(projectsDir)) {
    if (!project.isDirectory()) continue;
    const chats = path.join(projectsDir, project.name, 'chats');
    for (const entry of await list(chats)) {
      const full = path.join(chats, entry.name);
      if (entry.isFile() && entry.name.endsWith('.jsonl')) add(full, found);
      else if (entry.isDirectory()) {
        for (const sub of await list(full)) if (sub.isFile() && sub.name.endsWith('.jsonl')) add(path.join(full, sub.name), found);
      }
    }
  }
}

/**
 * Sessions of a `.qwen/tmp/<hash>/logs.json` that still have a chat: a JSONL chat named by the
 * session id in any project, or a legacy chat beside the log.
 */
export function qwenHasChat(logsPath: string): HasChat {
  const root = path.dirname(path.dirname(path.dirname(logsPath)));
  const names = new Set<string>();
  const projectsDir = path.join(root, 'projects');
  for (const project of listSync(projectsDir)) {
    for (const name of listSync(path.join(projectsDir, project, 'chats'))) names.add(name);
  }
  const legacy = chatsBeside(logsPath);
  return (sessionId) => names.has(`${sessionId}.jsonl`) || legacy(sessionId);
}

function add(file: string, found: Set<string>): void {
  if (keepUnlessCredential(file)) found.add(file);
}

async function list(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}

function listSync(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
