/**
 * A sync: find every agent's session files in the homes, archive what is new or changed, and
 * flag conversations whose source files have disappeared (they stay in the archive).
 */
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ArchiveWriter } from '../archive/archive-writer';
import { isAgentId } from '../../../shared/agents';
import { PROVIDERS, providerFor } from '../providers/registry';
import { isCredentialFile } from './credentials';
import { type AgentHome, defaultHomes, originOf } from './homes';
import { detectSessionFiles } from './import';
import { type IngestOptions, type IngestReport, ingestFiles, type SourceFile } from './ingest';

export interface SyncOptions extends IngestOptions {
  /** Archive folder. */
  readonly root: string;
  /** Homes (or folders) to read instead of the defaults. */
  readonly sources?: readonly string[];
  /** The person's home, for the defaults (default: the OS home). */
  readonly home?: string;
}

export interface SyncReport extends IngestReport {
  readonly sourceDeleted: string[];
}

export async function locateSources(homes: readonly AgentHome[]): Promise<SourceFile[]> {
  const seen = new Set<string>();
  const files: SourceFile[] = [];
  for (const home of homes) {
    for (const provider of PROVIDERS) {
      for (const p of await provider.locate(home.dir)) {
        const abs = path.resolve(p);
        if (seen.has(abs) || isCredentialFile(abs)) continue;
        seen.add(abs);
        files.push({ path: abs, provider, instance: home.instance, workspaceHint: home.workspaceHint });
      }
    }
  }
  return files;
}

/**
 * Streams Déjà Vu captured live into the archive itself (`<root>/captures/<agent>/*.jsonl`,
 * written by `dejavu capture`): read like any agent file, by that agent's provider.
 */
export function archiveCaptureSources(root: string): SourceFile[] {
  const dir = path.join(root, 'captures');
  const files: SourceFile[] = [];
  let agents: string[];
  try {
    agents = readdirSync(dir);
  } catch {
    return files;
  }
  for (const agent of agents.sort()) {
    const provider = isAgentId(agent) ? providerFor(agent) : undefined;
    if (!provider) continue;
    for (const name of readdirSync(path.join(dir, agent)).sort()) {
      if (name.endsWith('.jsonl') && !isCredentialFile(name)) files.push({ path: path.join(dir, agent, name), provider, instance: 'host' });
    }
  }
  return files;
}

export async function sync(options: SyncOptions): Promise<SyncReport> {
  const files = await syncSources(options);
  const writer = new ArchiveWriter(options.root);
  try {
    return await syncFiles(writer, files, options);
  } finally {
    writer.close();
  }
}

/** Every source file a sync reads, located in the homes (and the archive's own captures). */
export async function syncSources(options: SyncOptions): Promise<SourceFile[]> {
  const homes = options.sources?.length
    ? options.sources.map((dir) => ({ dir: path.resolve(dir), ...originOf(dir) }))
    : defaultHomes(options.home ?? os.homedir());
  const files = [...(await locateSources(homes)), ...archiveCaptureSources(options.root)];
  // A --source folder that is no agent home (say, a copy of ~/.claude/projects): detect by content.
  for (const home of options.sources?.length ? homes : []) {
    if (!files.some((f) => f.path.startsWith(home.dir + path.sep))) {
      for (const f of await detectSessionFiles(home.dir).catch(() => [])) if (!files.some((g) => g.path === f.path)) files.push(f);
    }
  }
  return files;
}

/** Archive `files` through a writer already held (live capture owns one while it watches), then flag sources gone. */
export async function syncFiles(writer: ArchiveWriter, files: readonly SourceFile[], options: SyncOptions): Promise<SyncReport> {
  const report = await ingestFiles(writer, files, options);
  const gone = writer.cursors().filter((c) => !c.missing && !existsSync(c.path)).map((c) => c.path);
  const sourceDeleted = writer.markSourcesMissing(gone);
  return { ...report, sourceDeleted };
}
