/** Merge: another machine's archive (an export-archive file or an archive folder) into this one. */
import { openArchiveSource } from '../transfer/archive-source';
import { mergeArchive, type MergeOptions, type MergeReport } from '../transfer/merge-archive';
import type { ArchiveWrites } from './writes';

export { MergeSourceError } from '../transfer/archive-source';
export type { MergeReport } from '../transfer/merge-archive';

/**
 * Opens the other archive (MergeSourceError when it is not one) and merges it through this
 * archive's writer; `machine` names its conversations' instance instead of the name it records.
 */
export async function mergeFrom(writes: ArchiveWrites, target: string, options: MergeOptions & { readonly machine?: string } = {}): Promise<MergeReport> {
  const source = openArchiveSource(target, options.machine);
  try {
    return await writes.withWriter((writer) => mergeArchive(writer, source, options));
  } finally {
    source.close();
  }
}
