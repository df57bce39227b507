/**
 * What an archive holds, read straight from its databases: the figures the crash and stress
 * tests compare between a killed-and-rerun archive and an uninterrupted one.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { storedRows } from '../../main/core/search/indexed-marks';

function withIndex<T>(archive: string, fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true, timeout: 1000 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export interface ArchiveSnapshot {
  readonly conversations: { id: string; message_count: number; prompt_count: number; blob_path: string }[];
  readonly fts: number;
  readonly indexed: { id: string; revision: number }[];
  readonly sources: number;
}

/** Conversations (ids and counts), search rows, indexed revisions and source cursors. */
export function snapshot(archive: string): ArchiveSnapshot {
  return withIndex(archive, (db) => {
    const conversations = db.prepare('SELECT id, message_count, prompt_count, blob_path FROM conversations ORDER BY id').all() as ArchiveSnapshot['conversations'];
    const search = new Database(path.join(archive, 'search.db'), { readonly: true });
    const fts = (search.prepare('SELECT COUNT(*) AS n FROM message_text').get() as { n: number }).n;
    const indexed = search.prepare('SELECT conversation_id AS id, revision FROM indexed ORDER BY conversation_id').all() as ArchiveSnapshot['indexed'];
    search.close();
    const sources = (db.prepare('SELECT COUNT(*) AS n FROM sources').get() as { n: number }).n;
    return { conversations, fts, indexed, sources };
  });
}

/** How many conversations are committed so far (0 while the index does not exist or is busy). */
export function committed(archive: string): number {
  if (!existsSync(path.join(archive, 'index.db'))) return 0;
  try {
    return withIndex(archive, (db) => (db.prepare('SELECT COUNT(*) AS n FROM conversations').get() as { n: number }).n);
  } catch {
    return 0;
  }
}

/** The ids of the conversations committed so far (none while the index does not exist or is busy). */
export function committedIds(archive: string): string[] {
  if (!existsSync(path.join(archive, 'index.db'))) return [];
  try {
    return withIndex(archive, (db) => db.prepare('SELECT id FROM conversations ORDER BY id').pluck().all() as string[]);
  } catch {
    return [];
  }
}

/** Ledger rows by status. */
export function ledger(archive: string): { status: string; n: number }[] {
  return withIndex(archive, (db) => db.prepare('SELECT status, COUNT(*) AS n FROM retention_ledger GROUP BY status ORDER BY status').all() as { status: string; n: number }[]);
}

/** Ledger steps written so far, whatever their status. */
export function steps(archive: string): number {
  return ledger(archive).reduce((n, r) => n + r.n, 0);
}

/** Completed ledger steps by action and their bytes freed: what a sweep did, however often it was interrupted. */
export function ledgerTotals(archive: string): Record<string, number> {
  return withIndex(archive, (db) => {
    const rows = db.prepare("SELECT action, COUNT(*) AS n FROM retention_ledger WHERE status IN ('committed', 'done') GROUP BY action ORDER BY action").all() as { action: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.action, r.n]));
  });
}

/** Each conversation's effective stage. */
export function stageById(archive: string): Record<string, number> {
  return withIndex(archive, (db) => {
    const rows = db.prepare('SELECT id, CASE WHEN retention_revision = revision THEN retention_stage ELSE 0 END AS stage FROM conversations ORDER BY id').all() as { id: string; stage: number }[];
    return Object.fromEntries(rows.map((r) => [r.id, r.stage]));
  });
}

/** Stages as the index says, and as the ledger's completed steps say: they must agree. */
export function agreement(archive: string): { stages: number[]; fromLedger: number[] } {
  return withIndex(archive, (db) => {
    const stages = db.prepare('SELECT CASE WHEN retention_revision = revision THEN retention_stage ELSE 0 END FROM conversations ORDER BY id').pluck().all() as number[];
    const fromLedger = db
      .prepare(
        `SELECT COALESCE((SELECT MAX(CASE action WHEN 'stage-1' THEN 1 WHEN 'stage-2' THEN 2 ELSE 3 END) FROM retention_ledger l
           WHERE l.conversation_id = c.id AND l.status IN ('committed', 'done')), 0) FROM conversations c ORDER BY id`,
      )
      .pluck()
      .all() as number[];
    return { stages, fromLedger };
  });
}

/** For each word, the conversations whose search rows contain it (a substring of a row's stored text). */
export function conversationsWith(archive: string, words: readonly string[]): Record<string, string[]> {
  const search = new Database(path.join(archive, 'search.db'), { readonly: true });
  try {
    const rows = storedRows(search);
    const find = (w: string) => [...new Set(rows.filter((r) => r.text.toLowerCase().includes(w.toLowerCase())).map((r) => r.conversation_id))].sort();
    return Object.fromEntries(words.map((w) => [w, find(w)]));
  } finally {
    search.close();
  }
}
