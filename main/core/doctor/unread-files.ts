/**
 * Files in an agent's session folders that nothing reads. Every file there is listed with the
 * kit's walker (credential-like files are named and never opened; links and unreadable folders
 * handled as a sync handles them); a file neither located by a sync nor a source of an archived
 * conversation is unread. An unread file some provider recognises by its first bytes is a
 * session nothing keeps (the agent moved or renamed its files); the rest are counted by extension
 * (sidecars a provider declares with `companion` count as read; undeclared ones are counted there).
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { AgentId } from '../../../shared/agents';
import type { OtherFiles } from '../../../shared/doctor';
import { detectFile, looksLikeSessionFile } from '../capture/import';
import { keepUnlessCredential, listDir, type SkipLog, walking } from '../providers/kit/walk';
import { isCompanionFile } from '../providers/registry';

/** Folders that are never an agent's sessions. */
const SKIP_DIRS = new Set(['node_modules', '.git']);
/** How deep below a session folder the walk goes; agents nest a few levels (project/session/subagents). */
const MAX_DEPTH = 8;

export interface UnreadFiles {
  readonly sessionFiles: string[];
  readonly other: OtherFiles[];
}

/** One agent's session folders (absolute, existing or not) in every home. */
export interface AgentFolders {
  readonly agent: AgentId;
  readonly folders: readonly string[];
}

/**
 * What nothing reads in each agent's session folders. `read` holds the real paths of the files
 * a sync reads or the archive has read. A file under the folders of two agents is the first's.
 */
export async function unreadFiles(agents: readonly AgentFolders[], read: ReadonlySet<string>, log: SkipLog): Promise<Map<AgentId, UnreadFiles>> {
  const seen = new Set<string>();
  const out = new Map<AgentId, UnreadFiles>();
  for (const { agent, folders } of agents) {
    const sessionFiles: string[] = [];
    const other = new Map<string, { count: number; example: string }>();
    for (const folder of folders) {
      for (const file of await walking(log, () => filesBelow(folder, MAX_DEPTH))) {
        const real = await realpath(file).catch(() => file);
        if (seen.has(real)) continue;
        seen.add(real);
        if (read.has(real) || isCompanionFile(file)) continue; // a sidecar a parser opens beside its session
        if (looksLikeSessionFile(path.basename(file)) && (await detectFile(file))) sessionFiles.push(file);
        else {
          const ext = path.extname(file).toLowerCase() || '(none)';
          const group = other.get(ext) ?? { count: 0, example: file };
          group.count += 1;
          other.set(ext, group);
        }
      }
    }
    const groups = [...other].map(([extension, g]) => ({ extension, count: g.count, example: g.example }));
    out.set(agent, { sessionFiles: sessionFiles.sort(), other: groups.sort((a, b) => b.count - a.count || a.extension.localeCompare(b.extension)) });
  }
  return out;
}

/** Every file below a folder (credential-like ones named and left), down to `depth` levels. */
async function filesBelow(dir: string, depth: number): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await listDir(dir)) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0 && !SKIP_DIRS.has(entry.name)) found.push(...(await filesBelow(p, depth - 1)));
    } else if (entry.isFile() && keepUnlessCredential(p)) found.push(p);
  }
  return found;
}
