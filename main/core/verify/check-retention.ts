/** Retention's records: a digest of the current revision for every conversation, no half-done eviction step. */
import type { IndexDb } from '../archive/db';
import { unfinished } from '../retention/ledger';
import { effectiveStage } from './check-blobs';
import { type Finding, problem } from './findings';

export function checkDigests(db: IndexDb): Finding[] {
  const rows = db
    .prepare('SELECT c.id, c.revision, c.retention_stage, c.retention_revision, d.revision AS digest_revision FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id ORDER BY c.seq')
    .all() as { id: string; revision: number; retention_stage: number; retention_revision: number | null; digest_revision: number | null }[];
  const findings: Finding[] = [];
  for (const r of rows) {
    const fix = { type: 'analyze' } as const;
    if (r.digest_revision === null) {
      // A lost conversation had nothing to make a digest of: its data-loss event says so.
      if (effectiveStage(r) !== 3) findings.push(problem('digest', 'It has no digest, so its typed prompts are not yet kept apart from its thread.', { conversationId: r.id, fix }));
    } else if (r.digest_revision !== r.revision) {
      findings.push(problem('digest', `Its digest was made from revision ${r.digest_revision}; the archive holds revision ${r.revision}.`, { conversationId: r.id, fix }));
    }
  }
  return findings;
}

export function checkLedger(db: IndexDb): Finding[] {
  return unfinished(db).map((s) =>
    problem('ledger', `Eviction step #${s.seq} (${s.action}) was left unfinished (${s.status}) by an interrupted sweep.`, { conversationId: s.conversationId, fix: { type: 'finish-ledger' } }),
  );
}
