/**
 * The whole-archive check behind `dejavu verify`: index rows and blob files, stored content,
 * search rows, digests, the eviction ledger and source cursors. It only reads; the caller holds the
 * writer lock so nothing changes while it looks.
 */
import type { IntegrityReport } from '../../../shared/verify';
import type { ReadableIndex } from '../archive/db';
import { conversationCount, conversationTitles } from '../archive/index-store/read-conversations';
import { digestCount } from '../archive/index-store/read-digests';
import { ledgerStepCount } from '../archive/index-store/read-ledger';
import { checkBlobs } from './check-blobs';
import { checkContent } from './check-content';
import { checkDigests, checkLedger } from './check-retention';
import type { SearchDb } from '../search/search-db';
import { checkSearch } from './check-search';
import { checkSources } from './check-sources';
import { buildReport, type Finding } from './findings';

export interface Verification {
  readonly findings: readonly Finding[];
  readonly report: IntegrityReport;
}

export function verifyArchive(root: string, db: ReadableIndex, search: SearchDb): Verification {
  const blobs = checkBlobs(root, db);
  const searched = checkSearch(db, search, blobs.expectedSearchRows);
  const sources = checkSources(db);
  const findings = [...blobs.findings, ...searched.findings, ...checkDigests(db), ...checkLedger(db), ...sources.findings, ...checkContent(root, db)];
  const counts = {
    conversations: conversationCount(db),
    blobFiles: blobs.blobFiles,
    searchRows: searched.searchRows,
    digests: digestCount(db),
    ledgerSteps: ledgerStepCount(db),
    sources: sources.sources,
  };
  const titles = conversationTitles(db);
  return { findings, report: buildReport(findings, counts, titles) };
}
