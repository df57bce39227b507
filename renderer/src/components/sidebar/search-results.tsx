/** Search hits with their matched terms highlighted; a click opens the conversation at the message. */
import type { ReactNode } from 'react';
import type { AgentId } from '../../../../shared/agents';
import type { SearchHit } from '../../../../shared/views';
import { agentLabel, dateTime, TIME_ZONE } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { ConversationMarks } from '../markers';
import { EmptyState, ErrorState, LoadingState } from '../states';

interface SearchResultsProps {
  readonly query: string;
  readonly agent?: AgentId;
  readonly workspace?: string;
  readonly includeToolOutput: boolean;
  readonly onOpenHit: (hit: SearchHit) => void;
}

export function SearchResults({ query, agent, workspace, includeToolOutput, onOpenHit }: SearchResultsProps): React.JSX.Element {
  const params = { query, limit: 200, timeZone: TIME_ZONE, ...(agent ? { agent } : {}), ...(workspace ? { workspace } : {}), ...(includeToolOutput ? { includeToolOutput } : {}) };
  const hits = useChannel('dejavu:search', params, { placeholderData: (prev) => prev });
  if (hits.error) return <ErrorState title="Search failed" error={hits.error} />;
  if (!hits.data) return <LoadingState label="Searching…" />;
  if (!hits.data.length) {
    return (
      <EmptyState title="No matches" icon="⌕">
        <p>
          Nothing matched <q>{query}</q>
          {includeToolOutput ? '' : ' in messages. Tool output is not searched unless you tick “Include tool output”.'}
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="search-results" aria-busy={hits.isFetching}>
      <div className="search-count" role="status">
        {hits.data.length === 200 ? 'First 200' : hits.data.length} match{hits.data.length === 1 ? '' : 'es'}
      </div>
      <ul className="hits" aria-label="Search results">
        {hits.data.map((h, i) => (
          <li key={`${h.conversation.id}:${h.messageIndex}:${i}`}>
            <button type="button" className="hit" onClick={() => onOpenHit(h)} data-hit-message={h.messageIndex}>
              <span className="hit-title">{h.conversation.title ?? h.conversation.nativeId}</span>
              <span className="hit-meta">
                <span className={`agent-badge agent-${h.conversation.agent}`}>{agentLabel(h.conversation.agent)}</span>
                <span>{h.conversation.workspace}</span>
                <span>{dateTime(h.conversation.startedAt)}</span>
                <ConversationMarks c={h.conversation} />
                <span className="hit-role">
                  {h.role}
                  {h.scope && h.scope !== 'message' ? ` · ${h.scope}` : ''}
                </span>
              </span>
              <span className="hit-snippet">{marked(h.snippet, h.highlights)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function marked(snippet: string, ranges: readonly (readonly [number, number])[]): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  const sorted = [...ranges].filter(([s, e]) => e > s && s >= 0).sort((a, b) => a[0] - b[0]);
  sorted.forEach(([s, e], i) => {
    if (s < at) return;
    if (s > at) out.push(snippet.slice(at, s));
    out.push(<mark key={i}>{snippet.slice(s, Math.min(e, snippet.length))}</mark>);
    at = Math.min(e, snippet.length);
  });
  if (at < snippet.length) out.push(snippet.slice(at));
  return out;
}
