/** The human summary of a sync or import. */
import type { IngestReport } from '../../core/capture/ingest';
import { formatBytes } from '../output';

export function reportIngest(report: IngestReport): void {
  const out = process.stdout;
  out.write(
    `${report.scanned} file(s) found, ${report.read} read (${formatBytes(report.bytesRead)}), ${report.unchanged} unchanged: ` +
      `${report.created.length} new, ${report.updated.length} updated conversation(s)\n`,
  );
  if (report.warnings) out.write(`${report.warnings} warning(s) about lines skipped or read in part (see the conversations' warnings)\n`);
  for (const e of report.errors) process.stderr.write(`dejavu: could not read ${e.path}: ${e.message}\n`);
}
