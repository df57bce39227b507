/**
 * The drift census behind `dejavu doctor` and the Settings panel: per agent, the homes and
 * session files a sync finds, what the archive holds of the agent (sessions, versions, record
 * types its provider did not know) and the files in its session folders nothing reads. Read-only:
 * it locates as a sync does and reads the archive through its reader, never writing either.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { AgentCensus, DoctorReport, VersionSeen } from '../../../shared/doctor';
import type { ArchiveReader } from '../access/archive-reader';
import type { ArchivedSummary } from '../archive/rows';
import { originOf } from '../capture/homes';
import { isUnder } from '../capture/looked-in';
import { syncSources } from '../capture/sync';
import { PROVIDERS } from '../providers/registry';
import { SkipLog } from '../providers/kit/walk';
import { WarningTally } from './archived-warnings';
import { unreadFiles } from './unread-files';

export interface CensusOptions {
  /** Archive folder. */
  readonly root: string;
  /** Homes (or folders) to look in instead of the defaults, as for a sync. */
  readonly sources?: readonly string[];
  /** The person's home, for the defaults (default: the OS home). */
  readonly home?: string;
}

export async function doctorCensus(reader: ArchiveReader, options: CensusOptions): Promise<DoctorReport> {
  const located = await syncSources(options);
  const summaries = reader.list();
  const stats = reader.stats();

  const read = new Set<string>();
  for (const f of located.files) read.add(await realpath(f.path).catch(() => f.path));
  for (const s of summaries) for (const source of s.sources) read.add(await realpath(source).catch(() => source));
  const archivedSources = new Set(summaries.flatMap((s) => s.sources.map((p) => path.resolve(p))));

  const homes = [...new Set(located.looked.map((l) => l.home))];
  const log = new SkipLog();
  const unread = await unreadFiles(
    PROVIDERS.map((p) => ({ agent: p.agent, folders: located.looked.filter((l) => l.agent === p.agent).flatMap((l) => l.folders.filter((f) => f.exists).map((f) => f.path)) })),
    read,
    log,
  );
  // Credential-like files are never opened, by design: not a problem to report.
  const skipped = [...located.skipped, ...log.skipped].filter((s) => !s.reason.includes('credential'));

  const agents: AgentCensus[] = [];
  const pause = yielder();
  for (const provider of PROVIDERS) {
    const agent = provider.agent;
    const looked = located.looked.filter((l) => l.agent === agent);
    const own = summaries.filter((s) => s.agent === agent);
    const files = located.files.filter((f) => f.provider === provider && homes.some((h) => isUnder(f.path, h)));
    const folders = looked.flatMap((l) => l.folders.map((f) => f.path));
    const warnings: string[] = [];

    const notArchived = files.filter((f) => !archivedSources.has(path.resolve(f.path)));
    if (notArchived.length) warnings.push(`${notArchived.length} session file(s) not in the archive (written since the last sync, or holding no conversation), e.g. ${notArchived[0].path}: run \`dejavu sync\``);
    for (const s of skipped) if (folders.some((f) => isUnder(s.path, f))) warnings.push(`${s.path}: ${s.reason}`);

    const tally = new WarningTally();
    for (const s of own.filter((c) => c.warningCount > 0)) {
      try {
        tally.add(s.sourcePath, reader.get(s.id).warnings);
        await pause();
      } catch (err) {
        warnings.push(`archived conversation ${s.id} could not be read: ${(err as Error).message}`);
      }
    }
    const { unknownTypes, otherWarnings } = tally.result();
    if (otherWarnings.example) {
      warnings.push(`${otherWarnings.sessions} archived session(s) read with warnings, e.g. ${otherWarnings.example.source}: ${otherWarnings.example.message}`);
    }
    const { sessionFiles = [], other = [] } = unread.get(agent) ?? {};
    agents.push({
      agent,
      homes: looked.filter((l) => l.found > 0 || l.folders.some((f) => f.exists)).map((l) => ({ path: l.home, instance: originOf(l.home).instance, folders: l.folders.filter((f) => f.exists).map((f) => f.path) })),
      sessionFiles: files.length,
      archived: stats.byAgent[agent] ?? 0,
      keptAfterDeletion: stats.keptByAgent[agent] ?? 0,
      versions: versionsSeen(own),
      unknownTypes,
      unreadSessionFiles: sessionFiles,
      otherFiles: other,
      warnings,
    });
  }
  return { archive: reader.root, homes, agents, unreadSessionFiles: agents.reduce((n, a) => n + a.unreadSessionFiles.length, 0) };
}

/**
 * Decoding every warned session's record is the slow part on a large archive: the app's main
 * process answers other requests meanwhile, as it does during an eviction sweep.
 */
function yielder(sliceMs = 50): () => Promise<void> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = Date.now();
  };
}

/** The agent versions of archived sessions, newest first. */
function versionsSeen(summaries: readonly ArchivedSummary[]): VersionSeen[] {
  const counts = new Map<string, number>();
  for (const s of summaries) if (s.agentVersion) counts.set(s.agentVersion, (counts.get(s.agentVersion) ?? 0) + 1);
  return [...counts].map(([version, sessions]) => ({ version, sessions })).sort((a, b) => compareVersions(b.version, a.version));
}

/** Dotted versions compared number by number (`0.150.0` after `0.99.1`); text after a number breaks ties. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) {
      if (nx !== ny) return nx - ny;
    } else if (x !== y) {
      // A release (nothing more) is newer than its pre-release (`1.0.0` > `1.0.0-beta`).
      if (x === '') return 1;
      if (y === '') return -1;
      return x.localeCompare(y);
    }
  }
  return 0;
}

