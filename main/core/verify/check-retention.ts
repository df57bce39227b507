/** Retention's records: a digest of the current revision for every conversation, no half-done eviction step. */
import type { ReadableIndex } from '../archive/db';
import { unfinishedSteps } from '../archive/index-store/read-ledger';
import { stagesAndDigests } from '../archive/index-store/read-retention';
import { effectiveStage } from './check-blobs';
import { type Finding, problem } from './findings';

export function checkDigests(db: ReadableIndex): Finding[] {
  const rows = stagesAndDigests(db);
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

export function checkLedger(db: ReadableIndex): Finding[] {
  return unfinishedSteps(db).map((s) =>
    problem('ledger', `Eviction step #${s.seq} (${s.action}) was left unfinished (${s.status}) by an interrupted sweep.`, { conversationId: s.conversationId, fix: { type: 'finish-ledger' } }),
  );
}
