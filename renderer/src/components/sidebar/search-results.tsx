/**
 * Search hits grouped by conversation (with how many hits each has), matched terms highlighted.
 * ↑/↓ move between hits, Enter opens one at its message; Esc in the thread comes back here.
 * Hits come in pages (use-search-pages.ts): a line says how far back older ones are still sought.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { AgentId } from '../../../../shared/agents';
import type { SearchHit } from '../../../../shared/views';
import { agentLabel, dateTime, day, TIME_ZONE } from '../../lib/format';
import { ConversationMarks } from '../markers';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { displayTitle } from '../../../../shared/title';
import { SearchLag } from './search-lag';
import { useSearchPages } from './use-search-pages';

interface SearchResultsProps {
  readonly query: string;
  readonly agent?: AgentId;
  readonly workspace?: string;
  readonly includeToolOutput: boolean;
  readonly onOpenHit: (hit: SearchHit) => void;
}

/**
 * Conversations a search asks for first, then on "Show more": the first answer is what the search
 * bench measures (50: main/core/search/README.md), so each keystroke costs what the bench says;
 * 200 cost up to 2–3× as much at 1M messages (snippets, and a longer ranked or filtered walk).
 */
export const RESULT_STEPS = [50, 200, 500] as const;

/** A stable key of a hit: which conversation and message. */
export const hitKey = (h: SearchHit) => `${h.conversation.id}:${h.messageIndex}`;

interface Group {
  readonly conversation: SearchHit['conversation'];
  readonly hits: SearchHit[];
  /** Messages of the conversation that match (the search answers its best hit and this count). */
  count: number;
}

function groupHits(hits: readonly SearchHit[]): Group[] {
  const groups = new Map<string, Group>();
  for (const h of hits) {
    const g = groups.get(h.conversation.id) ?? { conversation: h.conversation, hits: [], count: 0 };
    groups.set(h.conversation.id, g);
    g.hits.push(h);
    g.count += h.hitCount;
  }
  return [...groups.values()];
}

/** Arrow keys move between the hit buttons, in reading order. */
function moveFocus(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button.hit')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = e.key === 'ArrowDown' ? Math.min(buttons.length - 1, at + 1) : at - 1;
  e.preventDefault();
  if (next < 0) (document.querySelector('input[aria-label="Search conversations"]') as HTMLElement | null)?.focus();
  else buttons[next]?.focus();
}

export function SearchResults({ query, agent, workspace, includeToolOutput, onOpenHit }: SearchResultsProps): React.JSX.Element {
  const asked = { query, timeZone: TIME_ZONE, ...(agent ? { agent } : {}), ...(workspace ? { workspace } : {}), ...(includeToolOutput ? { includeToolOutput } : {}) };
  // "Show more" belongs to the search it was pressed for: another query starts at the first step.
  const searchKey = JSON.stringify(asked);
  const [shown, setShown] = useState<{ readonly searchKey: string; readonly step: number }>();
  const step = shown?.searchKey === searchKey ? shown.step : 0;
  const limit = RESULT_STEPS[step];
  const search = useSearchPages({ ...asked, limit });
  const list = useRef<HTMLUListElement>(null);
  const groups = search.hits ? groupHits(search.hits) : [];
  // After "Show more", the keyboard goes on at the first conversation it added (the button is gone or moved).
  const [focusFrom, setFocusFrom] = useState<number>();
  const loadingMore = focusFrom !== undefined && search.previous;
  useEffect(() => {
    if (focusFrom === undefined || search.previous) return;
    list.current?.querySelectorAll<HTMLElement>('.hit-group')[focusFrom]?.querySelector<HTMLButtonElement>('button.hit')?.focus();
    setFocusFrom(undefined);
  }, [focusFrom, search.previous]);
  const older = search.searchingBackTo && `Searching older conversations… back to ${day(search.searchingBackTo)}`;
  if (search.error && !search.hits?.length) return <ErrorState title="Search failed" error={search.error} />;
  if (!search.hits) return <LoadingState label="Searching…" />;
  // "No matches" only once the last page answered.
  if (!search.hits.length && older) return <LoadingState label={older} />;
  if (!search.hits.length) {
    return (
      <EmptyState title="No matches" icon="⌕">
        <SearchLag />
        <p>
          Nothing matched <q>{query}</q>
          {includeToolOutput ? '' : ' in messages. Tool output is not searched unless you tick “Include tool output”.'}
        </p>
      </EmptyState>
    );
  }
  const n = groups.reduce((sum, g) => sum + g.count, 0);
  // While "Show more" loads, the list on screen is still the previous step's.
  const listed = loadingMore ? RESULT_STEPS[step - 1] : limit;
  return (
    <div className="search-results" aria-busy={search.fetching}>
      <div className="search-count" role="status">
        {n} match{n === 1 ? '' : 'es'} in {groups.length >= listed ? `the first ${listed}` : groups.length} conversation{groups.length === 1 ? '' : 's'}
      </div>
      <SearchLag />
      {older && (
        <div className="search-progress" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {older}
        </div>
      )}
      {search.error && (
        <div className="search-progress" role="alert">
          Older conversations were not searched: {search.error.message}
        </div>
      )}
      <ul className="hits" aria-label="Search results" onKeyDown={moveFocus} ref={list}>
        {groups.map((g) => (
          <HitGroup key={g.conversation.id} group={g} onOpenHit={onOpenHit} />
        ))}
      </ul>
      {(loadingMore || (groups.length >= limit && step + 1 < RESULT_STEPS.length)) && (
        <button
          type="button"
          className="btn btn-small search-more"
          disabled={loadingMore}
          onClick={() => {
            setShown({ searchKey, step: step + 1 });
            setFocusFrom(groups.length);
          }}
        >
          {loadingMore ? 'Loading more…' : `Show up to ${RESULT_STEPS[step + 1]} conversations`}
        </button>
      )}
    </div>
  );
}

/** One conversation's hits: its title, agent, place and date, how many hits, and each hit's snippet. */
function HitGroup({ group: g, onOpenHit }: { readonly group: Group; readonly onOpenHit: (hit: SearchHit) => void }): React.JSX.Element {
  return (
    <li className="hit-group" data-conversation-id={g.conversation.id}>
      <div className="hit-group-head">
        <span className="hit-title">{displayTitle(g.conversation)}</span>
        <span className="hit-meta">
          <span className={`agent-badge agent-${g.conversation.agent}`}>{agentLabel(g.conversation.agent)}</span>
          <span>{g.conversation.workspace}</span>
          <span>{dateTime(g.conversation.startedAt ?? g.conversation.endedAt)}</span>
          <ConversationMarks c={g.conversation} />
          <span className="hit-count" aria-label={`${g.count} hit${g.count === 1 ? '' : 's'}`}>
            {g.count} hit{g.count === 1 ? '' : 's'}
          </span>
        </span>
      </div>
      <ul className="hit-list">
        {g.hits.map((h, i) => (
          <li key={`${hitKey(h)}:${i}`}>
            <button type="button" className="hit" onClick={() => onOpenHit(h)} data-hit-message={h.messageIndex} data-hit-key={hitKey(h)}>
              <span className="hit-role">
                {h.role}
                {h.scope && h.scope !== 'message' ? ` · ${h.scope}` : ''}
              </span>
              <span className="hit-snippet">{marked(h.snippet, h.highlights)}</span>
            </button>
          </li>
        ))}
      </ul>
    </li>
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
