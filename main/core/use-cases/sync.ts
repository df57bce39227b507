/** Sync: archive what is new or changed in the agent homes, or in one folder the person chose. */
import type { SyncOutcome } from '../../../shared/contract';
import { syncFiles, type SyncOptions, type SyncReport, syncSources } from '../capture/sync';
import type { ArchiveWrites } from './writes';

export type { SyncOptions, SyncReport };

/** Every home (or the sources the options name) through the writes' writer. */
export function syncHomes(writes: ArchiveWrites, options: SyncOptions): Promise<SyncReport> {
  return writes.syncHomes({ ...options, root: writes.root });
}

/** One folder: its files found first, then stored through the archive's writer. */
export async function syncFolder(writes: ArchiveWrites, options: SyncOptions & { readonly folder: string }): Promise<SyncReport> {
  const folderOptions = { ...options, root: writes.root, sources: [options.folder] };
  const located = await syncSources(folderOptions);
  return writes.withWriter((writer) => syncFiles(writer, located, folderOptions));
}

/** A sync's report as the contract sends it (counts, not ids). */
export function syncOutcome(report: SyncReport): SyncOutcome {
  return {
    read: report.read,
    unchanged: report.unchanged,
    created: report.created.length,
    updated: report.updated.length,
    sourceDeleted: report.sourceDeleted.length,
    errors: report.errors,
    looked: report.looked,
  };
}

/** The conversations a sync stored or flagged. */
export function changedBy(report: SyncReport): string[] {
  return [...report.created, ...report.updated, ...report.sourceDeleted];
}
