/**
 * The conversations linked under this one, wherever they sit in the tree, one folded list per
 * relation (subagents, forks, continuations); each opens.
 */
import { CHILDREN_HEADING, CHILDREN_LIST, relationOf } from '../../../../shared/parent-link';
import { CONVERSATION_RELATIONS } from '../../../../shared/record';
import type { ArchivedSummary } from '../../../../shared/views';
import { dateTime } from '../../lib/format';
import { ConversationMarks } from '../markers';
import { displayTitle } from '../../../../shared/title';

export function SubagentList({ items, onOpen }: { items: readonly ArchivedSummary[]; onOpen: (id: string) => void }): React.JSX.Element | null {
  if (!items.length) return null;
  return (
    <>
      {CONVERSATION_RELATIONS.map((relation) => {
        const group = items.filter((c) => relationOf(c) === relation);
        if (!group.length) return null;
        return (
          <details key={relation} className={`subagents linked-${relation}`} open={group.length <= 2}>
            <summary>{CHILDREN_HEADING[relation](group.length)}</summary>
            <ul aria-label={CHILDREN_LIST[relation]}>
              {group.map((c) => (
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
      })}
    </>
  );
}
