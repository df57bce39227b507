/** The human summary of a sync or import. */
import type { IngestReport, Skipped } from '../../core/use-cases/import';
import { formatBytes, stdout, warn } from '../output';

/** Files that held nothing to archive are named up to this many, then counted. */
const EMPTY_SHOWN = 5;

export function reportIngest(report: IngestReport & { readonly skipped: readonly Skipped[] }): void {
  const out = stdout;
  out.write(
    `${report.scanned} file(s) found, ${report.read} read (${formatBytes(report.bytesRead)}), ${report.unchanged} unchanged: ` +
      `${report.created.length} new, ${report.updated.length} updated conversation(s)\n`,
  );
  for (const r of report.rewritten) {
    out.write(`kept ${r.kept} message(s) of ${r.conversationId} that ${r.path} no longer holds (the file ${r.how === 'shrank' ? 'shrank' : 'was rewritten'}; shown as an earlier revision)
`);
  }
  if (report.warnings) out.write(`${report.warnings} warning(s) about lines skipped or read in part (see the conversations' warnings)
`);
  for (const f of report.empty.slice(0, EMPTY_SHOWN)) out.write(`nothing to archive in ${f}\n`);
  if (report.empty.length > EMPTY_SHOWN) out.write(`nothing to archive in ${report.empty.length - EMPTY_SHOWN} more file(s)\n`);
  for (const e of report.errors) warn(`could not read ${e.path}: ${e.message}`);
  // Nothing is passed over without a word: unreadable folders, credential-like files, link loops.
  for (const s of report.skipped) warn(`skipped: ${s.path} (${s.reason})`);
}
