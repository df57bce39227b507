/** The subagent conversations this one started, wherever they sit in the tree; each opens. */
import type { ArchivedSummary } from '../../../../shared/views';
import { dateTime } from '../../lib/format';
import { ConversationMarks } from '../markers';
import { displayTitle } from '../../../../shared/title';

export function SubagentList({ items, onOpen }: { items: readonly ArchivedSummary[]; onOpen: (id: string) => void }): React.JSX.Element | null {
  if (!items.length) return null;
  return (
    <details className="subagents" open={items.length <= 2}>
      <summary>
        {items.length} subagent conversation{items.length === 1 ? '' : 's'}
      </summary>
      <ul aria-label="Subagent conversations">
        {items.map((c) => (
          <li key={c.id}>
            <button type="button" className="link-button subagent-link" onClick={() => onOpen(c.id)} data-subagent-id={c.id}>
              <span aria-hidden="true">↳ </span>
              {displayTitle(c)}
            </button>
            <span className="faint">
              {' '}
              · {c.workspace} · {dateTime(c.startedAt)} · {c.messageCount} msgs
            </span>{' '}
            <ConversationMarks c={c} />
          </li>
        ))}
      </ul>
    </details>
  );
}
