/** Every data-loss event the ledger recorded, in red at the top: never silent. */
import type { LedgerEntry } from '../../../../shared/retention';
import type { ArchivedSummary } from '../../../../shared/views';
import { bytes, dateTime } from '../../lib/format';
import { reasonLabel } from '../../lib/retention-text';
import { ConversationRef } from './conversation-ref';

export function DataLossAlert({ events, known, onOpen }: { events: readonly LedgerEntry[]; known: ReadonlyMap<string, ArchivedSummary>; onOpen: (id: string) => void }): React.JSX.Element | null {
  if (!events.length) return null;
  return (
    <section className="data-loss" role="alert" aria-label="Data loss">
      <h2>
        <span aria-hidden="true">⚠ </span>
        {events.length} conversation{events.length === 1 ? ' was' : 's were'} lost
      </h2>
      <p>These could not be read and were dropped at the hard cap. Nothing of them is left but this record.</p>
      <ul>
        {events.map((e) => (
          <li key={e.seq}>
            <ConversationRef id={e.conversationId} known={known} onOpen={onOpen} /> · {dateTime(e.at)} · {reasonLabel(e.reason)}
            {e.bytesFreed ? ` · ${bytes(e.bytesFreed)}` : ''}
            {e.detail ? <span className="faint"> · {e.detail}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
