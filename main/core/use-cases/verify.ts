/** Verify: check the whole archive is consistent, and with `repair` rebuild what can be rebuilt. */
import type { IntegrityCheck, IntegrityReport } from '../../../shared/verify';
import type { ArchiveReader } from '../access/archive-reader';
import { openSearchDb } from '../search/search-db';
import { readLastCheck, recordLastCheck } from '../verify/last-check';
import { repairArchive } from '../verify/repair-archive';
import { type Verification, verifyArchive } from '../verify/verify-archive';
import type { ArchiveWrites } from './writes';

export interface VerifyAnswer {
  readonly report: IntegrityReport;
  /** What the repair did, line by line; undefined when no repair was asked for. */
  readonly repaired?: string[];
}

/** Under the writer lock, so nothing changes while the archive is checked (and repaired); the outcome is recorded for the app. */
export function verify(writes: ArchiveWrites, repair: boolean): Promise<VerifyAnswer> {
  return writes.withWriter(async (writer) => {
    let result: Verification;
    let repaired: string[] | undefined;
    let fixed = 0;
    const search = openSearchDb(writes.root);
    try {
      result = verifyArchive(writes.root, writer.db, search);
      if (repair) {
        repaired = result.findings.some((f) => f.repairable) ? await repairArchive(writer, result.findings) : [];
        const before = result.report.problems;
        result = verifyArchive(writes.root, writer.db, search);
        fixed = Math.max(0, before - result.report.problems);
      }
    } finally {
      search.close();
    }
    const r = result.report;
    recordLastCheck(writer.db, { at: r.checkedAt, consistent: r.consistent, problems: r.problems, repaired: fixed, conversations: r.counts.conversations, blobFiles: r.counts.blobFiles });
    return repaired ? { report: r, repaired } : { report: r };
  });
}

/** The last check's outcome, for the app's status. */
export function lastCheckOf(reader: ArchiveReader): IntegrityCheck | null {
  return readLastCheck(reader.db);
}
