/**
 * The agent homes a sync reads: the person's own home, and every jackin container home
 * under `~/.jackin/data/<container>/` (one instance each, which outlives the container).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SourceOrigin } from './parse-context';
import { unreadableFolder } from '../providers/kit/walk';
import { allSessionFolders } from '../providers/registry';

export interface AgentHome extends SourceOrigin {
  readonly dir: string;
}

/** Folders under a jackin data dir that are jackin's own state, not container homes. */
const JACKIN_OWN = new Set(['diagnostics', 'daemon', 'cache', 'logs', 'tmp']);

export function defaultHomes(home: string): AgentHome[] {
  return [{ dir: home, instance: 'host' }, ...jackinHomes(home)];
}

export function jackinHomes(home: string): AgentHome[] {
  const data = path.join(home, '.jackin', 'data');
  let entries: string[];
  try {
    entries = readdirSync(data);
  } catch (err) {
    unreadableFolder(data, err);
    return [];
  }
  const workspaces = jackinWorkspaces(data);
  const homes: AgentHome[] = [];
  for (const name of entries.sort()) {
    if (JACKIN_OWN.has(name) || name.startsWith('.')) continue;
    const dir = path.join(data, name);
    if (!isDir(dir)) continue;
    homes.push({ dir: containerHome(dir), instance: name, workspaceHint: workspaces.get(name) });
  }
  return homes;
}

/**
 * A container's home is either its data dir itself or a `home/` inside it: the one holding an
 * agent's session folder (any provider manifest's) when only one does, else `home/` if present.
 */
function containerHome(dir: string): string {
  const inner = path.join(dir, 'home');
  if (!isDir(inner)) return dir;
  const holdsSessions = (home: string) => allSessionFolders().some((rel) => existsSync(path.join(home, ...rel.split('/'))));
  return holdsSessions(dir) && !holdsSessions(inner) ? dir : inner;
}

/** The origin of a file given by path: a jackin container when it sits inside one. */
export function originOf(filePath: string): SourceOrigin {
  const parts = path.resolve(filePath).split(path.sep);
  for (let i = 0; i + 2 < parts.length; i += 1) {
    if (parts[i] === '.jackin' && parts[i + 1] === 'data' && !JACKIN_OWN.has(parts[i + 2])) {
      const data = parts.slice(0, i + 2).join(path.sep);
      return { instance: parts[i + 2], workspaceHint: jackinWorkspaces(data).get(parts[i + 2]) };
    }
  }
  return { instance: 'host' };
}

/**
 * Container name → workspace, from jackin's instance index when it is there. Read
 * defensively: any object naming a container and a `workspace_name` counts.
 */
function jackinWorkspaces(dataDir: string): Map<string, string> {
  const map = new Map<string, string>();
  const file = path.join(dataDir, 'instances.json');
  if (!existsSync(file)) return map;
  try {
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(visit);
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      const ws = o.workspace_name ?? o.workspaceName;
      const names = [o.container_name, o.container_base, o.containerName, o.name].filter((x): x is string => typeof x === 'string');
      if (typeof ws === 'string' && ws) for (const n of names) map.set(n, ws);
      Object.values(o).forEach(visit);
    };
    visit(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // An index we cannot read only costs the hint; workspaces fall back to the cwd.
  }
  return map;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
