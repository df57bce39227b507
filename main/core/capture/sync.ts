/**
 * A sync: find every agent's session files in the homes, archive what is new or changed, and
 * flag conversations whose source files have disappeared (they stay in the archive).
 */
import { existsSync, readdirSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FollowedWriter, openArchiveWriter } from '../access/open-writer';
import { isAgentId } from '../../../shared/agents';
import { PROVIDERS, providerFor } from '../providers/registry';
import { isCredentialFile } from '../providers/kit/credentials';
import { type AgentHome, defaultHomes, originOf } from './homes';
import { detectSessionFiles } from './import';
import { lookedIn } from './looked-in';
import type { LookedIn } from '../../../shared/contract';
import { type IngestOptions, type IngestReport, ingestFiles, type SourceFile } from './ingest';
import { keepUnlessCredential, SkipLog, type Skipped, walking } from '../providers/kit/walk';

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
  /** What the walks passed over (unreadable folders, credential-like files, link loops), each named. */
  readonly skipped: Skipped[];
  /** Per agent and home, the folders looked in and the files found. */
  readonly looked: LookedIn[];
}

/** The files a sync reads, what it passed over finding them, and where it looked. */
export interface LocatedSources {
  readonly files: SourceFile[];
  readonly skipped: Skipped[];
  readonly looked: LookedIn[];
}

export async function locateSources(homes: readonly AgentHome[], log = new SkipLog()): Promise<SourceFile[]> {
  const seen = new Set<string>();
  const files: SourceFile[] = [];
  for (const home of homes) {
    for (const provider of PROVIDERS) {
      const located = await walking(log, async () => (await provider.locate(home.dir)).filter(keepUnlessCredential));
      for (const p of located) {
        const abs = path.resolve(p);
        // One file reached through a symbolic link and directly is read once.
        const real = await realpath(abs).catch(() => abs);
        if (seen.has(real)) continue;
        seen.add(real);
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
  const located = await syncSources(options);
  const writer = openArchiveWriter(options.root);
  try {
    return await syncFiles(writer, located, options);
  } finally {
    writer.close();
  }
}

/** Every source file a sync reads, located in the homes (and the archive's own captures), and what was passed over. */
export async function syncSources(options: SyncOptions): Promise<LocatedSources> {
  const log = new SkipLog();
  const homes = options.sources?.length
    ? options.sources.map((dir) => ({ dir: path.resolve(dir), ...originOf(dir) }))
    : await walking(log, async () => defaultHomes(options.home ?? os.homedir()));
  const inHomes = await locateSources(homes, log);
  const looked = lookedIn(homes, inHomes);
  const files = [...inHomes, ...archiveCaptureSources(options.root)];
  // A --source folder that is no agent home (say, a copy of ~/.claude/projects): detect by content.
  for (const home of options.sources?.length ? homes : []) {
    if (!files.some((f) => f.path.startsWith(home.dir + path.sep))) {
      for (const f of await detectSessionFiles(home.dir, log)) if (!files.some((g) => g.path === f.path)) files.push(f);
    }
  }
  return { files, skipped: log.skipped, looked };
}

/** Archive the located files through a writer already held (live capture owns one while it watches), then flag sources gone. */
export async function syncFiles(writer: FollowedWriter, located: LocatedSources, options: SyncOptions): Promise<SyncReport> {
  const report = await ingestFiles(writer, located.files, options);
  const gone = writer.cursors().filter((c) => !c.missing && !existsSync(c.path)).map((c) => c.path);
  const sourceDeleted = writer.markSourcesMissing(gone);
  return { ...report, sourceDeleted, skipped: located.skipped, looked: located.looked };
}
