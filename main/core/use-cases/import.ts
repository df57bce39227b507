/** Import: native session files from anywhere; the agent is detected from content unless named. */
import { type ImportOptions, type ImportReport, importPaths } from '../capture/import';

export type { ImportOptions, ImportReport } from '../capture/import';
export type { IngestReport } from '../capture/ingest';
export type { Skipped } from '../providers/kit/walk';

export function importFiles(options: ImportOptions): Promise<ImportReport> {
  return importPaths(options);
}
