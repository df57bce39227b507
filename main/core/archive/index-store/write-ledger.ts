/**
 * The write store of the eviction ledger: every step is written as an intent before any file
 * changes, marked committed in the same transaction that changes the index, and done once the
 * old files are gone. So the ledger is true after a crash: an intent never committed is rolled
 * back (and says so), a committed step is finished by the next run's repair pass.
 */
import type { LedgerAction, LedgerReason, LedgerStatus } from '../../../../shared/retention';
import { type WritableIndex, writeConnectionOf } from './handle';

export function recordIntent(
  index: WritableIndex,
  step: { runId: string; conversationId: string; action: LedgerAction; reason: LedgerReason; oldBlob: string | null; newBlob: string | null; bytesBefore: number; detail?: string },
): number {
  const r = writeConnectionOf(index)
    .prepare(
      `INSERT INTO retention_ledger (run_id, at, conversation_id, action, reason, status, old_blob, new_blob, bytes_before, bytes_after, detail)
       VALUES (?, ?, ?, ?, ?, 'intent', ?, ?, ?, ?, ?)`,
    )
    .run(step.runId, new Date().toISOString(), step.conversationId, step.action, step.reason, step.oldBlob, step.newBlob, step.bytesBefore, step.bytesBefore, step.detail ?? null);
  return Number(r.lastInsertRowid);
}

export function markCommitted(index: WritableIndex, seq: number, bytesAfter: number): void {
  writeConnectionOf(index).prepare("UPDATE retention_ledger SET status = 'committed', bytes_after = ? WHERE seq = ?").run(bytesAfter, seq);
}

export function markStatus(index: WritableIndex, seq: number, status: Extract<LedgerStatus, 'done' | 'rolled-back'>): void {
  writeConnectionOf(index).prepare('UPDATE retention_ledger SET status = ? WHERE seq = ?').run(status, seq);
}
