/** The eviction ledger: what went, when, why, and how much it freed. */
import type { LedgerEntry, LedgerTotals } from '../../../../shared/retention';
import type { ArchivedSummary } from '../../../../shared/views';
import { bytes, dateTime, num } from '../../lib/format';
import { actionLabel, reasonLabel } from '../../lib/retention-text';
import { ConversationRef } from './conversation-ref';

export function LedgerTable({
  totals,
  entries,
  known,
  onOpen,
}: {
  totals: LedgerTotals;
  entries: readonly LedgerEntry[];
  known: ReadonlyMap<string, ArchivedSummary>;
  onOpen: (id: string) => void;
}): React.JSX.Element {
  return (
    <>
      <p className="settings-note">
        {num(totals.stage1)} trimmed · {num(totals.stage2)} reduced to their digest ·{' '}
        <span className={totals.dataLoss ? 'danger-text' : undefined}>{num(totals.dataLoss)} lost</span> · {bytes(totals.bytesFreed)} freed in all
        {totals.rolledBack ? ` · ${num(totals.rolledBack)} interrupted step(s) rolled back (nothing changed)` : ''}
      </p>
      {entries.length ? (
        <div className="table-wrap">
          <table className="ledger" aria-label="Eviction ledger">
            <colgroup>
              <col className="col-when" />
              <col />
              <col className="col-what" />
              <col className="col-why" />
              <col className="col-freed" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Conversation</th>
                <th scope="col">What</th>
                <th scope="col">Why</th>
                <th scope="col" className="num">
                  Freed
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.seq} className={e.action === 'data-loss' ? 'ledger-loss' : e.status === 'rolled-back' ? 'ledger-rolled-back' : undefined}>
                  <td className="nowrap">{dateTime(e.at)}</td>
                  <td className="ledger-conv">
                    <ConversationRef id={e.conversationId} known={known} onOpen={onOpen} />
                  </td>
                  <td>
                    {actionLabel(e.action)}
                    {e.status === 'rolled-back' ? <span className="faint"> (rolled back)</span> : e.status === 'intent' ? <span className="faint"> (in progress)</span> : null}
                  </td>
                  <td>{reasonLabel(e.reason)}</td>
                  <td className="num">{bytes(e.bytesFreed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="faint">Nothing has been evicted yet.</p>
      )}
    </>
  );
}
