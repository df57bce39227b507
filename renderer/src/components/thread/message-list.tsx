/** The virtualized rows of a thread: the rows in view, each a message, a placeholder while its page loads, or nothing when a neighbour absorbed it. */
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { MessageRow } from './message-row';
import type { MessagePages } from './use-message-pages';
import { hiddenEntirely, type ViewOptions } from './view-options';

interface MessageListProps {
  readonly loaded: MessagePages;
  readonly total: number;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  readonly items: readonly VirtualItem[];
  readonly view: ViewOptions;
  readonly agentName: string;
  /** The row flashed after a jump. */
  readonly highlight: number | undefined;
}

export function MessageList({ loaded, total, virtualizer, items, view, agentName, highlight }: MessageListProps): React.JSX.Element {
  const { messages, results, calls, absorbedInto } = loaded;
  /** A message right after one of the same role (not the person's) drops its role line. */
  const isContinuation = (i: number): boolean => {
    const m = messages.get(i);
    if (!m || m.role === 'system') return false;
    for (let j = i - 1; j >= 0 && j >= i - 50; j--) {
      const prev = messages.get(j);
      if (!prev) return false;
      if (absorbedInto(j) !== undefined || hiddenEntirely(prev, view)) continue;
      return prev.role === m.role && m.role !== 'user';
    }
    return false;
  };
  return (
    <div className="thread-list" style={{ height: virtualizer.getTotalSize() }} role="feed" aria-busy={loaded.fetching} aria-label={`${total} messages`}>
      <div className="thread-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
        {items.map((item) => {
          const m = messages.get(item.index);
          const absorbed = m ? absorbedInto(item.index) !== undefined : false;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className={absorbed ? 'row row-absorbed' : 'row'}>
              {!m ? (
                <div className="msg-placeholder" aria-hidden="true">
                  <div className="skeleton skeleton-line short" />
                  <div className="skeleton skeleton-line" />
                </div>
              ) : absorbed ? null : (
                <MessageRow
                  message={m}
                  index={item.index}
                  agentName={agentName}
                  continuation={isContinuation(item.index)}
                  results={results}
                  calls={calls}
                  highlighted={highlight === item.index}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
