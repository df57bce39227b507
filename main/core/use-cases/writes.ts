/**
 * How a use-case that writes reaches the archive's writer. A one-shot command opens a fresh
 * writer (and takes the writer lock) per job; live capture lends its own writer, queued with
 * its work; the app's service queues every job on its one WriterQueue (service/).
 */
import type { FollowedWriter } from '../access/open-writer';
import { openArchiveWriter } from '../access/open-writer';
import type { WritableIndex } from '../archive/db';
import { withWriterLock } from '../archive/locked-write';
import type { LiveCapture } from '../capture/live';
import { sync, type SyncOptions, type SyncReport } from '../capture/sync';

export interface ArchiveWrites {
  readonly root: string;
  /** A sync of the homes through this writer (live capture's while it runs, which knows its sources). */
  syncHomes(options: SyncOptions): Promise<SyncReport>;
  /** The archive's writer for one job (a sweep, a merge, a folder's sync). */
  withWriter<T>(job: (writer: FollowedWriter) => Promise<T>): Promise<T>;
  /** A short write of index rows (a pin, a setting) under the writer lock. */
  withIndex<T>(write: (db: WritableIndex) => T): Promise<T>;
}

/** One writer per job, opened and closed around it: what a one-shot command writes through. */
export function oneShotWrites(root: string): ArchiveWrites {
  return {
    root,
    syncHomes: (options) => sync({ ...options, root }),
    async withWriter(job) {
      const writer = openArchiveWriter(root);
      try {
        return await job(writer);
      } finally {
        writer.close();
      }
    },
    withIndex: (write) => withWriterLock(root, write),
  };
}

/** Live capture's writer: it holds the writer lock while it runs, so every job goes through it. */
export function liveWrites(root: string, live: LiveCapture): ArchiveWrites {
  return {
    root,
    syncHomes: (options) => live.sync(options),
    withWriter: (job) => live.withWriter(job),
    withIndex: (write) => live.withWriter(async (writer) => write(writer.db)),
  };
}
