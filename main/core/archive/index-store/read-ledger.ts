/**
 * The read store of the eviction ledger (`retention_ledger`): steps a crash left half-done,
 * totals, recent entries and data-loss events. Why the ledger is true after a crash: see
 * write-ledger.ts.
 */
import type { LedgerAction, LedgerEntry, LedgerReason, LedgerStatus, LedgerTotals } from '../../../../shared/retention';
import { connectionOf, type ReadableIndex } from './handle';

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

/** Steps a crash left half-done: intents (never committed) and commits not yet cleaned up. */
export function unfinishedSteps(index: ReadableIndex): (LedgerIntent & { status: 'intent' | 'committed' })[] {
  const rows = connectionOf(index).prepare("SELECT * FROM retention_ledger WHERE status IN ('intent', 'committed') ORDER BY seq").all() as LedgerRow[];
  return rows.map((r) => ({ seq: r.seq, conversationId: r.conversation_id, action: r.action as LedgerAction, oldBlob: r.old_blob, newBlob: r.new_blob, status: r.status as 'intent' | 'committed' }));
}

const HAPPENED = "status IN ('committed', 'done')";

export function ledgerTotals(index: ReadableIndex): LedgerTotals {
  return connectionOf(index)
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
}

export function recentEntries(index: ReadableIndex, limit = 50): LedgerEntry[] {
  return (connectionOf(index).prepare('SELECT * FROM retention_ledger ORDER BY seq DESC LIMIT ?').all(limit) as LedgerRow[]).map(entryOf);
}

/** Every data-loss event that happened (committed or done). */
export function dataLossEntries(index: ReadableIndex): LedgerEntry[] {
  return (connectionOf(index).prepare(`SELECT * FROM retention_ledger WHERE action = 'data-loss' AND ${HAPPENED} ORDER BY seq`).all() as LedgerRow[]).map(entryOf);
}

/** When a conversation was last dropped as a data loss, and the ledger's word on why. */
export function lastDataLoss(index: ReadableIndex, conversationId: string): { readonly at: string; readonly detail: string | null } | undefined {
  return connectionOf(index).prepare("SELECT at, detail FROM retention_ledger WHERE conversation_id = ? AND action = 'data-loss' ORDER BY seq DESC LIMIT 1").get(conversationId) as
    | { at: string; detail: string | null }
    | undefined;
}

export function ledgerStepCount(index: ReadableIndex): number {
  return connectionOf(index).prepare('SELECT count(*) FROM retention_ledger').pluck().get() as number;
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
