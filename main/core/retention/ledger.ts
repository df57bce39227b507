/**
 * The eviction ledger: every step is written as an intent before any file changes, marked
 * committed in the same transaction that changes the index, and done once the old files are
 * gone. So the ledger is true after a crash: an intent never committed is rolled back (and
 * says so), a committed step is finished by the next run's repair pass.
 */
import type { LedgerAction, LedgerEntry, LedgerReason, LedgerStatus, LedgerTotals } from '../../../shared/retention';
import type { IndexDb } from '../archive/db';

interface LedgerRow {
  seq: number;
  run_id: string;
  at: string;
  conversation_id: string;
  action: string;
  reason: string;
  status: string;
  old_blob: string | null;
  new_blob: string | null;
  bytes_before: number;
  bytes_after: number;
  detail: string | null;
}

/** A step's intent, as stored; the repair pass reads these back. */
export interface LedgerIntent {
  readonly seq: number;
  readonly conversationId: string;
  readonly action: LedgerAction;
  readonly oldBlob: string | null;
  readonly newBlob: string | null;
}

export function recordIntent(
  db: IndexDb,
  step: { runId: string; conversationId: string; action: LedgerAction; reason: LedgerReason; oldBlob: string | null; newBlob: string | null; bytesBefore: number; detail?: string },
): number {
  const r = db
    .prepare(
      `INSERT INTO retention_ledger (run_id, at, conversation_id, action, reason, status, old_blob, new_blob, bytes_before, bytes_after, detail)
       VALUES (?, ?, ?, ?, ?, 'intent', ?, ?, ?, ?, ?)`,
    )
    .run(step.runId, new Date().toISOString(), step.conversationId, step.action, step.reason, step.oldBlob, step.newBlob, step.bytesBefore, step.bytesBefore, step.detail ?? null);
  return Number(r.lastInsertRowid);
}

export function markCommitted(db: IndexDb, seq: number, bytesAfter: number): void {
  db.prepare("UPDATE retention_ledger SET status = 'committed', bytes_after = ? WHERE seq = ?").run(bytesAfter, seq);
}

export function markStatus(db: IndexDb, seq: number, status: Extract<LedgerStatus, 'done' | 'rolled-back'>): void {
  db.prepare('UPDATE retention_ledger SET status = ? WHERE seq = ?').run(status, seq);
}

/** Steps a crash left half-done: intents (never committed) and commits not yet cleaned up. */
export function unfinished(db: IndexDb): (LedgerIntent & { status: 'intent' | 'committed' })[] {
  const rows = db.prepare("SELECT * FROM retention_ledger WHERE status IN ('intent', 'committed') ORDER BY seq").all() as LedgerRow[];
  return rows.map((r) => ({ seq: r.seq, conversationId: r.conversation_id, action: r.action as LedgerAction, oldBlob: r.old_blob, newBlob: r.new_blob, status: r.status as 'intent' | 'committed' }));
}

const HAPPENED = "status IN ('committed', 'done')";

export function ledgerTotals(db: IndexDb): LedgerTotals {
  const t = db
    .prepare(
      `SELECT
         COALESCE(SUM(CASE WHEN action = 'stage-1' AND ${HAPPENED} THEN 1 END), 0) AS stage1,
         COALESCE(SUM(CASE WHEN action = 'stage-2' AND ${HAPPENED} THEN 1 END), 0) AS stage2,
         COALESCE(SUM(CASE WHEN action = 'data-loss' AND ${HAPPENED} THEN 1 END), 0) AS dataLoss,
         COALESCE(SUM(CASE WHEN ${HAPPENED} THEN bytes_before - bytes_after END), 0) AS bytesFreed,
         COALESCE(SUM(CASE WHEN status = 'rolled-back' THEN 1 END), 0) AS rolledBack
       FROM retention_ledger`,
    )
    .get() as LedgerTotals;
  return t;
}

export function recentEntries(db: IndexDb, limit = 50): LedgerEntry[] {
  return (db.prepare('SELECT * FROM retention_ledger ORDER BY seq DESC LIMIT ?').all(limit) as LedgerRow[]).map(entryOf);
}

/** Every data-loss event that happened (committed or done). */
export function dataLossEntries(db: IndexDb): LedgerEntry[] {
  return (db.prepare(`SELECT * FROM retention_ledger WHERE action = 'data-loss' AND ${HAPPENED} ORDER BY seq`).all() as LedgerRow[]).map(entryOf);
}

function entryOf(r: LedgerRow): LedgerEntry {
  const e: LedgerEntry = {
    seq: r.seq,
    runId: r.run_id,
    at: r.at,
    conversationId: r.conversation_id,
    action: r.action as LedgerAction,
    reason: r.reason as LedgerReason,
    status: r.status as LedgerStatus,
    bytesFreed: r.status === 'committed' || r.status === 'done' ? r.bytes_before - r.bytes_after : 0,
    detail: r.detail ?? undefined,
  };
  if (e.detail === undefined) delete (e as { detail?: string }).detail;
  return e;
}
