/**
 * Finds Claude Code session files under one home. Only `projects/` is ever listed: the config
 * directory next to it holds credentials (`.credentials.json`) that must never be opened.
 */
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, listDir } from '../../capture/safe-walk';

/**
 * `~/.claude/projects/<encoded-cwd>/<session>.jsonl`, older `agent-*.jsonl` subagent files
 * beside them, and newer `<session>/subagents/agent-*.jsonl`.
 */
export async function locateClaudeCode(home: string): Promise<string[]> {
  const found = new Set<string>();
  for (const root of projectRoots(home)) {
    for (const project of await directories(root)) {
      const projectDir = path.join(root, project);
      for (const entry of await entries(projectDir)) {
        if (entry.isFile() && entry.name.endsWith('.jsonl')) found.add(path.join(projectDir, entry.name));
        else if (entry.isDirectory()) await addSubagentFiles(path.join(projectDir, entry.name, 'subagents'), found);
      }
    }
  }
  return [...found].sort();
}

/** The default config dir, the XDG one, and $CLAUDE_CONFIG_DIR when `home` is this user's. */
function projectRoots(home: string): string[] {
  const roots = [path.join(home, '.claude', 'projects'), path.join(home, '.config', 'claude', 'projects')];
  const configured = process.env.CLAUDE_CONFIG_DIR;
  if (configured && path.resolve(home) === path.resolve(os.homedir())) roots.push(path.join(configured, 'projects'));
  return [...new Set(roots.map((root) => path.resolve(root)))];
}

async function addSubagentFiles(dir: string, found: Set<string>): Promise<void> {
  for (const entry of await entries(dir)) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) found.add(path.join(dir, entry.name));
  }
}

async function directories(dir: string): Promise<string[]> {
  return (await entries(dir)).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/** Entries of a directory (symbolic links followed, skips named: see safe-walk.ts). */
async function entries(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}
