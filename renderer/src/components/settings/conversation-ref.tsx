/** A conversation named in the ledger or an eviction plan: its title when known, and a link to open it. */
import type { ArchivedSummary } from '../../../../shared/views';
import { useChannel } from '../../lib/queries';
import { displayTitle } from '../../../../shared/title';

/** Titles by id, for the lists here (the ledger and plans name conversations by id only). */
export function useTitles(enabled: boolean): ReadonlyMap<string, ArchivedSummary> {
  const all = useChannel('dejavu:conversations', { limit: 10_000 }, { enabled });
  const map = new Map<string, ArchivedSummary>();
  for (const c of all.data ?? []) map.set(c.id, c);
  return map;
}

export function ConversationRef({ id, known, onOpen }: { id: string; known: ReadonlyMap<string, ArchivedSummary>; onOpen: (id: string) => void }): React.JSX.Element {
  const c = known.get(id);
  return (
    <button type="button" className="link-button conv-ref" onClick={() => onOpen(id)} title={id}>
      {c ? displayTitle(c) : id}
    </button>
  );
}
