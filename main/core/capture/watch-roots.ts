/**
 * The folders agents create new session files in, per home: live capture watches them so a
 * session started after it began is picked up, not only the files a sync already found.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { allSessionFolders } from '../providers/registry';
import type { AgentHome } from './homes';

/** How deep below a session folder files sit (Codex: YYYY/MM/DD; Claude: project/session/subagents; Cline: task/file). */
export const WATCH_DEPTH = 5;

/**
 * The session folders that exist in these homes (every provider manifest's, so an agent added
 * to the registry is watched with nothing else to change), plus the archive's own capture folder.
 */
export function watchRoots(homes: readonly AgentHome[], archiveRoot: string): string[] {
  const roots = new Set<string>();
  for (const home of homes) {
    for (const rel of allSessionFolders()) {
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
