/**
 * The search box with its help, and the filters under it: the agent (also filters the tree),
 * and while searching the workspace and whether tool output counts.
 */
import type { RefObject } from 'react';
import { type AgentId, isAgentId } from '../../../../shared/agents';
import { queryFilters, withoutFilter } from '../../../../shared/query-filters';
import { agentLabel } from '../../lib/format';
import type { SearchInput } from '../../lib/use-search-input';
import { SearchHelp } from './search-help';

interface SearchControlsProps {
  readonly search: SearchInput;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  readonly agent: AgentId | undefined;
  readonly onAgent: (agent: AgentId | undefined) => void;
  /** Conversations per agent in the archive: the agents the menu offers. */
  readonly byAgent: Readonly<Record<string, number>> | undefined;
  readonly workspaces: readonly string[];
}

export function SearchControls({ search, searchRef, agent, onAgent, byAgent, workspaces }: SearchControlsProps): React.JSX.Element {
  const { query, setQuery, searching } = search;
  const agents = Object.keys(byAgent ?? {}).filter(isAgentId);
  // The query's own filters show in the controls (agent:codex picks Codex, in:tools ticks the box).
  const named = queryFilters(query);
  const shownAgent = searching && named.agent ? named.agent : agent;
  return (
    <>
      <div className="search-row">
        <div className="search-box">
          <input
            ref={searchRef}
            type="search"
            placeholder="Search conversations"
            aria-label="Search conversations"
            aria-keyshortcuts="Control+K Meta+K"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setQuery('');
                (document.querySelector('[role="treeitem"][tabindex="0"]') as HTMLElement | null)?.focus();
              } else if (e.key === 'ArrowDown' && searching) {
                e.preventDefault();
                (document.querySelector('.hit') as HTMLElement | null)?.focus();
              }
            }}
          />
          <kbd className="search-kbd" aria-hidden="true">
            {navigator.platform.includes('Mac') ? '⌘K' : 'Ctrl K'}
          </kbd>
        </div>
        <SearchHelp
          onExample={(q) => {
            setQuery(q);
            searchRef.current?.focus();
          }}
        />
      </div>
      <div className="filters">
        <label className="filter">
          <span className="sr-only">Agent</span>
          <select
            value={shownAgent ?? ''}
            onChange={(e) => {
              if (named.agent) setQuery((q) => withoutFilter(q, 'agent'));
              onAgent(isAgentId(e.target.value) ? e.target.value : undefined);
            }}
            aria-label="Filter by agent"
          >
            <option value="">All agents</option>
            {agents.map((a) => (
              <option key={a} value={a}>
                {agentLabel(a)} ({byAgent?.[a]})
              </option>
            ))}
          </select>
        </label>
        {searching ? <SearchFilters search={search} workspaces={workspaces} /> : null}
      </div>
    </>
  );
}

/** The filters that only apply to search: workspace, and tool output. */
function SearchFilters({ search, workspaces }: { search: SearchInput; workspaces: readonly string[] }): React.JSX.Element {
  const { query, setQuery, workspace, setWorkspace, includeTools, setIncludeTools } = search;
  const named = queryFilters(query);
  const shownWorkspace = named.workspace && workspaces.includes(named.workspace) ? named.workspace : workspace;
  return (
    <>
      <label className="filter">
        <span className="sr-only">Workspace</span>
        <select
          value={shownWorkspace ?? ''}
          onChange={(e) => {
            if (named.workspace) setQuery((q) => withoutFilter(q, 'workspace'));
            setWorkspace(e.target.value || undefined);
          }}
          aria-label="Filter by workspace"
        >
          <option value="">All workspaces</option>
          {workspaces.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </label>
      <label className="filter-check">
        <input
          type="checkbox"
          checked={includeTools || named.inTools}
          onChange={(e) => {
            if (named.inTools && !e.target.checked) setQuery((q) => withoutFilter(q, 'in'));
            setIncludeTools(e.target.checked);
          }}
        />
        Include tool output
      </label>
    </>
  );
}
