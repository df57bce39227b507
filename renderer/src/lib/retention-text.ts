/** How retention stages and ledger entries read, in the tree, the thread banner and the settings view. */
import type { LedgerAction, LedgerEntry, LedgerReason, RetentionStage } from '../../../shared/retention';

export function stageShort(stage: RetentionStage): string {
  return stage === 1 ? 'trimmed' : stage === 2 ? 'digest only' : 'lost';
}

export function stageTitle(stage: RetentionStage): string {
  return stage === 1
    ? 'Evicted: raw records and large tool output were dropped; every prompt and answer is kept'
    : stage === 2
      ? 'Evicted: only the digest is kept (every prompt you typed and the last answer)'
      : 'Lost: unreadable, dropped at the hard cap';
}

export function actionLabel(a: LedgerAction): string {
  return a === 'stage-1' ? 'Raw records and large tool output dropped' : a === 'stage-2' ? 'Thread dropped, digest kept' : 'Lost (data loss)';
}

export function reasonLabel(r: LedgerReason): string {
  return r === 'max-age' ? 'idle longer than the maximum age' : r === 'soft-cap' ? 'archive over the soft cap' : 'archive over the hard cap';
}

/** Why, as a clause: "to stay within your storage budget", "because it was idle longer than the maximum age". */
function why(reason: LedgerReason | undefined): string {
  return reason === 'max-age' ? 'because it had been idle longer than your maximum age' : 'to stay within your storage budget';
}

/** The sentence the thread's banner says: what was dropped, why and when, and what is kept. */
export function bannerText(stage: RetentionStage, entry: Pick<LedgerEntry, 'at' | 'reason'> | undefined, formatDate: (iso: string) => string): { title: string; body: string } {
  const when = entry ? ` on ${formatDate(entry.at)}` : '';
  if (stage === 1) {
    return { title: 'Trimmed to save space.', body: `Raw records and large tool output were dropped ${why(entry?.reason)}${when}; every prompt and answer is kept.` };
  }
  if (stage === 2) {
    return {
      title: 'Only the digest is kept:',
      body: `every prompt you typed and the last answer. The rest of the thread was dropped ${why(entry?.reason)}${when}.`,
    };
  }
  return { title: 'Lost.', body: `This conversation could not be read and was dropped at the hard cap${when}. This is data loss: only what is listed here is left.` };
}

/** The step the ledger recorded that brought a conversation to its stage (the newest that did). */
export function entryFor(entries: readonly LedgerEntry[] | undefined, id: string, stage: RetentionStage): LedgerEntry | undefined {
  const action: LedgerAction = stage === 1 ? 'stage-1' : stage === 2 ? 'stage-2' : 'data-loss';
  return entries?.filter((e) => e.conversationId === id && e.action === action && (e.status === 'done' || e.status === 'committed')).sort((a, b) => b.seq - a.seq)[0];
}
