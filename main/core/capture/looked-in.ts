/**
 * Where a sync looked for each agent's sessions and how many it found there: the folders each
 * provider declares (`sessionFolders`) under every home, whether they exist, and the count of
 * session files located for that agent in that home. The first-run screen shows it, so a person
 * whose agent keeps its sessions elsewhere sees that it was not found, and where it was sought.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LookedIn } from '../../../shared/contract';
import { PROVIDERS } from '../providers/registry';
import type { AgentHome } from './homes';
import type { SourceFile } from './ingest';

export function lookedIn(homes: readonly AgentHome[], files: readonly SourceFile[]): LookedIn[] {
  const out: LookedIn[] = [];
  for (const home of homes) {
    for (const provider of PROVIDERS) {
      const folders = provider.sessionFolders.map((f) => {
        const abs = path.join(home.dir, f);
        return { path: abs, exists: existsSync(abs) };
      });
      const found = files.filter((f) => f.provider === provider && f.instance === home.instance && isUnder(f.path, home.dir)).length;
      out.push({ agent: provider.agent, home: home.dir, folders, found });
    }
  }
  return out;
}

/** The file is the folder or lies below it. */
export const isUnder = (file: string, dir: string) => file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
