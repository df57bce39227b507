/** Stats: what the archive holds, what it costs on disk, its retention state and the agents' own cleanup. */
import os from 'node:os';
import type { RetentionView } from '../../../shared/retention';
import type { SpaceBreakdown } from '../../../shared/views';
import type { ArchiveReader } from '../access/archive-reader';
import { archiveDiskBytes } from '../archive/disk-usage';
import type { ArchiveStats } from '../archive/index-reader';
import { retentionView } from '../retention/view';
import { claudeCleanupRisk, type CleanupRisk } from '../storage/agent-cleanup';
import { spaceBreakdown } from '../storage/space-breakdown';
import { withReaderAsync } from './open-archive';

export { cleanupWarning, type CleanupRisk } from '../storage/agent-cleanup';

/** The retention state: stages, pins, digests, the ledger and the last `recent` steps. */
export function retentionOf(reader: ArchiveReader, recent?: number): RetentionView {
  return retentionView(reader.root, reader.db, recent);
}

/** Space per workspace and per agent, and what each eviction stage would free there (reads every conversation). */
export function spaceOf(reader: ArchiveReader): SpaceBreakdown {
  return spaceBreakdown(reader.root, reader.db);
}

/** Archived Claude Code sessions at risk of the agent's own cleanup (its cleanupPeriodDays). */
export function agentCleanupOf(reader: ArchiveReader, home = os.homedir()): Promise<CleanupRisk> {
  return claudeCleanupRisk(home, reader.db);
}

export interface StatsAnswer extends ArchiveStats {
  readonly archive: string;
  readonly archiveBytes: number;
  readonly ledger: RetentionView['ledger'];
  readonly retention: RetentionView;
  readonly agentCleanup: CleanupRisk[];
  readonly space?: SpaceBreakdown;
}

/** `dejavu stats`, field by field as its JSON prints it; the size on disk measured once the reader is closed. */
export async function archiveStats(root: string, withSpace: boolean): Promise<StatsAnswer> {
  const { stats, retention, cleanup, space } = await withReaderAsync(root, async (r) => ({ stats: r.stats(), retention: retentionOf(r, 20), cleanup: await agentCleanupOf(r), space: withSpace ? spaceOf(r) : undefined }));
  return { archive: root, archiveBytes: archiveDiskBytes(root), ...stats, ledger: retention.ledger, retention, agentCleanup: [cleanup], ...(space ? { space } : {}) };
}
