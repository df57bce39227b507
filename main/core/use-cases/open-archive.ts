/**
 * What a surface needs to reach an archive at all: where it is, its reader, the name its writer
 * lock carries, the search indexer's thread (and any worker thread's young generation), and how a
 * storage failure reads.
 */
import { ArchiveReader } from '../access/archive-reader';

export { ArchiveReader } from '../access/archive-reader';
export { archiveRoot } from '../archive/paths';
export { ArchiveBusyError, setWriterName } from '../archive/lock';
export { storageFailureMessage } from '../archive/storage-error';
export { runIndexerThread } from '../search/index-sink';
export { YOUNG_GENERATION_MB } from '../memory';

/** The archive's reader for one job, closed after it. */
export async function withReaderAsync<T>(root: string, job: (reader: ArchiveReader) => Promise<T>): Promise<T> {
  const reader = new ArchiveReader(root);
  try {
    return await job(reader);
  } finally {
    reader.close();
  }
}

export function withReader<T>(root: string, job: (reader: ArchiveReader) => T): T {
  const reader = new ArchiveReader(root);
  try {
    return job(reader);
  } finally {
    reader.close();
  }
}
