/**
 * The folders agents create new session files in, per home: live capture watches them so a
 * session started after it began is picked up, not only the files a sync already found.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgentHome } from './homes';

/** Session folders relative to a home (the agents' own layouts; see each provider's locate.ts). */
const SESSION_DIRS = [
  '.claude/projects',
  '.config/claude/projects',
  '.codex/sessions',
  '.codex/archived_sessions',
  '.copilot/session-state',
  '.gemini/tmp',
  '.qwen/projects',
  '.qwen/tmp',
  '.factory/sessions',
  '.cursor/projects',
  '.cursor/chats',
  '.kimi/sessions',
  '.kimi-code/sessions',
  '.grok/sessions',
  '.local/share/opencode',
  '.local/share/amp/threads',
];

/** How deep below a session folder files sit (Codex: YYYY/MM/DD; Claude: project/session/subagents). */
export const WATCH_DEPTH = 5;

/** The session folders that exist in these homes, plus the archive's own capture folder. */
export function watchRoots(homes: readonly AgentHome[], archiveRoot: string): string[] {
  const roots = new Set<string>();
  for (const home of homes) {
    for (const rel of SESSION_DIRS) {
      const dir = path.join(home.dir, ...rel.split('/'));
      if (existsSync(dir)) roots.add(dir);
    }
  }
  const captures = path.join(archiveRoot, 'captures');
  if (existsSync(captures)) roots.add(captures);
  return [...roots];
}

/** True when `file` sits inside one of `roots`. */
export function underRoots(file: string, roots: readonly string[]): boolean {
  return roots.some((root) => file === root || file.startsWith(root + path.sep));
}
