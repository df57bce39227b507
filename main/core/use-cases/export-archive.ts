/** Export-archive: the archive, or the conversations a filter picks, as one file another machine can merge. */
import path from 'node:path';
import type { ArchiveReader } from '../access/archive-reader';
import { machineOf } from '../archive/machine';
import { exportArchive, type ExportFilter, type ExportReport } from '../transfer/export-archive';

export type { ExportFilter, ExportReport } from '../transfer/export-archive';

/** Writes `file`, or dejavu-<machine>-<date>.tar in the working folder. */
export function exportArchiveFile(reader: ArchiveReader, file: string | undefined, filter: ExportFilter): ExportReport {
  return exportArchive(reader.root, reader.db, file ?? defaultName(machineOf(reader.db).name), filter);
}

function defaultName(machine: string): string {
  const safe = machine.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'archive';
  return path.resolve(`dejavu-${safe}-${new Date().toISOString().slice(0, 10)}.tar`);
}
