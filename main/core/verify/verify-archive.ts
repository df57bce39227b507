/**
 * The whole-archive check behind `dejavu verify`: index rows and blob files, stored content,
 * search rows, digests, the eviction ledger and source cursors. It only reads; the caller holds the
 * writer lock so nothing changes while it looks.
 */
import type Database from 'better-sqlite3';
import type { IntegrityReport } from '../../../shared/verify';
import type { IndexDb } from '../archive/db';
import { checkBlobs } from './check-blobs';
import { checkContent } from './check-content';
import { checkDigests, checkLedger } from './check-retention';
import { checkSearch } from './check-search';
import { checkSources } from './check-sources';
import { buildReport, type Finding } from './findings';

export interface Verification {
  readonly findings: readonly Finding[];
  readonly report: IntegrityReport;
}

export function verifyArchive(root: string, db: IndexDb, search: Database.Database): Verification {
  const blobs = checkBlobs(root, db);
  const searched = checkSearch(db, search, blobs.expectedSearchRows);
  const sources = checkSources(db);
  const findings = [...blobs.findings, ...searched.findings, ...checkDigests(db), ...checkLedger(db), ...sources.findings, ...checkContent(root)];
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  const counts = {
    conversations: count('SELECT count(*) FROM conversations'),
    blobFiles: blobs.blobFiles,
    searchRows: searched.searchRows,
    digests: count('SELECT count(*) FROM digests'),
    ledgerSteps: count('SELECT count(*) FROM retention_ledger'),
    sources: sources.sources,
  };
  const titles = new Map((db.prepare('SELECT id, title FROM conversations WHERE title IS NOT NULL').all() as { id: string; title: string }[]).map((r) => [r.id, r.title]));
  return { findings, report: buildReport(findings, counts, titles) };
}
