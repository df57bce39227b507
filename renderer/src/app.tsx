/**
 * Déjà Vu's window: the archive as a tree (or search results) on the left, the open
 * conversation (or Settings → Storage) on the right, archive status along the bottom.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type AgentId, isAgentId } from '../../shared/agents';
import type { SearchHit } from '../../shared/views';
import { queryFilters, withoutFilter } from '../../shared/query-filters';
import { SettingsView } from './components/settings/settings-view';
import { SearchHelp } from './components/sidebar/search-help';
import { SearchResults } from './components/sidebar/search-results';
import { Splitter, useSidebarLayout } from './components/sidebar/sidebar-layout';
import { Tree } from './components/sidebar/tree';
import { ErrorState, LoadingState } from './components/states';
import { StatusBar } from './components/status-bar';
import { Thread } from './components/thread/thread';
import { FirstRun } from './components/first-run';
import { Welcome } from './components/welcome';
import { type Insight, InsightButtons } from './components/insights/insight-buttons';
import { exportConversation } from './lib/export';
import { agentLabel, TIME_ZONE } from './lib/format';
import { useChangeSubscription, useChannel } from './lib/queries';
import { useDebounced } from './lib/use-debounced';
import { useOpenRequests } from './lib/use-open-requests';
import { useRoute } from './lib/use-route';
import { useShortcuts } from './lib/use-shortcuts';
import './styles/app.css';
import './components/sidebar/sidebar.css';
import { displayTitle } from '../../shared/title';

// The chart library loads only when Activity is first opened: the rest of the app starts without it.
const ActivityView = lazy(() => import('./components/activity/activity-view').then((m) => ({ default: m.ActivityView })));
const PlansView = lazy(() => import('./components/insights/plans-view').then((m) => ({ default: m.PlansView })));
const FileHistoryView = lazy(() => import('./components/files/file-history-view').then((m) => ({ default: m.FileHistoryView })));
const TimelineView = lazy(() => import('./components/insights/timeline-view').then((m) => ({ default: m.TimelineView })));

export function App(): React.JSX.Element {
  useChangeSubscription();
  const [agent, setAgent] = useState<AgentId | undefined>();
  const status = useChannel('dejavu:status', {});
  const tree = useChannel('dejavu:tree', { ...(agent ? { agent } : {}), timeZone: TIME_ZONE });
  const { route, jump, go } = useRoute();
  const [query, setQuery] = useState('');
  const [workspace, setWorkspace] = useState<string | undefined>();
  const [includeTools, setIncludeTools] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [activityOpen, setActivityOpen] = useState(false);
  const [insight, setInsight] = useState<Insight | undefined>();
  /** The per-file view open over the thread it was opened from (closing it returns there). */
  const [filePath, setFilePath] = useState<string | undefined>();
  const gearRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const debounced = useDebounced(query.trim(), 220);
  const selected = useChannel('dejavu:conversation', { id: route.id ?? '' }, { enabled: Boolean(route.id) });

  const [findRequest, setFindRequest] = useState(0);
  const sidebar = useSidebarLayout();
  const open = useCallback(
    (id: string, message?: number, terms?: readonly string[]) => {
      setSettingsOpen(false);
      setActivityOpen(false);
      setInsight(undefined);
      setFilePath(undefined);
      go(id, message, terms);
    },
    [go],
  );
  const lastHit = useRef<string | undefined>(undefined);
  const openHit = useCallback(
    (hit: SearchHit) => {
      lastHit.current = `${hit.conversation.id}:${hit.messageIndex}`;
      open(hit.conversation.id, hit.messageIndex, hitTerms(hit));
    },
    [open],
  );
  /** Ctrl/Cmd+F and Edit → Find: inside a conversation, find in it; elsewhere, search the archive. */
  const findHere = useCallback(() => {
    if (route.id && !settingsOpen) setFindRequest((n) => n + 1);
    else focusSearchRef.current();
  }, [route.id, settingsOpen]);

  const focusSearch = useCallback(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, []);
  const focusSearchRef = useRef(focusSearch);
  const exportCurrent = useCallback((format: 'md' | 'html' = 'md') => {
    if (route.id) void exportConversation(route.id, format, status.data).catch(() => undefined);
  }, [route.id, status.data]);

  const closeSettings = useCallback(() => {
    setSettingsOpen(false);
    requestAnimationFrame(() => gearRef.current?.focus());
  }, []);

  const openSettings = useCallback(() => setSettingsOpen(true), []);
  useOpenRequests({ open, openSettings, findHere, exportCurrent, viewing: settingsOpen ? null : (route.id ?? null) });
  useShortcuts({ findHere, focusSearch, toggleSidebar: sidebar.toggle, settingsOpen, closeSettings, lastHit, searchRef });

  const appState = status.error || tree.error ? 'error' : !status.data || !tree.data ? 'loading' : status.data.stats.conversations === 0 ? 'empty' : 'ready';
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-app-state', appState);
  }, [appState]);
  useEffect(() => {
    document.title = selected.data ? `${displayTitle(selected.data.summary)} — Déjà Vu` : 'Déjà Vu';
  }, [selected.data]);

  const agents = Object.keys(status.data?.stats.byAgent ?? {}).filter(isAgentId);
  const workspaces = (tree.data ?? []).map((w) => w.workspace).sort((a, b) => a.localeCompare(b));
  const searching = debounced.length > 0;
  // The query's own filters show in the controls (agent:codex picks Codex, in:tools ticks the box).
  const named = queryFilters(query);
  const shownAgent = searching && named.agent ? named.agent : agent;
  const shownWorkspace = named.workspace && workspaces.includes(named.workspace) ? named.workspace : workspace;
  const shownTools = includeTools || named.inTools;

  return (
    <div className={`app ${sidebar.collapsed ? 'sidebar-collapsed' : ''}`} style={{ gridTemplateColumns: sidebar.collapsed ? '0 1fr' : `min(${sidebar.width}px, 42vw) minmax(0, 1fr)` }}>
      <aside className="sidebar" aria-label="Archive" hidden={sidebar.collapsed}>
        <div className="sidebar-top">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              ↺
            </span>
            <span className="brand-name">Déjà Vu</span>
            <button
              ref={gearRef}
              type="button"
              className="btn btn-quiet btn-icon gear"
              aria-label="Storage settings"
              aria-pressed={settingsOpen}
              title="Storage settings: budget, eviction, ledger"
              onClick={() => {
                setActivityOpen(false);
                setInsight(undefined);
                setSettingsOpen((o) => !o);
              }}
            >
              <span aria-hidden="true">⚙</span>
            </button>
            <button
              type="button"
              className="btn btn-quiet btn-icon"
              aria-label="Activity"
              aria-pressed={activityOpen}
              title="Activity: usage and cost over time"
              onClick={() => {
                setSettingsOpen(false);
                setInsight(undefined);
                setActivityOpen((o) => !o);
              }}
            >
              <span aria-hidden="true">▥</span>
            </button>
            <InsightButtons
              open={insight}
              onToggle={(v) => {
                setSettingsOpen(false);
                setActivityOpen(false);
                setInsight((o) => (o === v ? undefined : v));
              }}
            />
            <button type="button" className="btn btn-quiet btn-icon" aria-label="Hide the sidebar" title="Hide the sidebar (Ctrl/Cmd+B)" onClick={sidebar.toggle}>
              <span aria-hidden="true">⟨</span>
            </button>
          </div>
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
                  setAgent(isAgentId(e.target.value) ? e.target.value : undefined);
                }}
                aria-label="Filter by agent"
              >
                <option value="">All agents</option>
                {agents.map((a) => (
                  <option key={a} value={a}>
                    {agentLabel(a)} ({status.data?.stats.byAgent[a]})
                  </option>
                ))}
              </select>
            </label>
            {searching ? (
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
                    checked={shownTools}
                    onChange={(e) => {
                      if (named.inTools && !e.target.checked) setQuery((q) => withoutFilter(q, 'in'));
                      setIncludeTools(e.target.checked);
                    }}
                  />
                  Include tool output
                </label>
              </>
            ) : null}
          </div>
        </div>
        <div className="sidebar-body">
          {searching ? (
            <SearchResults
              query={debounced}
              // A filter the query names wins over the menus (they show it already).
              agent={named.agent ? undefined : agent}
              workspace={named.workspace ? undefined : workspace}
              includeToolOutput={includeTools}
              onOpenHit={openHit}
            />
          ) : tree.error ? (
            <ErrorState title="The archive could not be read" error={tree.error} />
          ) : !tree.data ? (
            <LoadingState label="Reading archive…" />
          ) : tree.data.length === 0 ? (
            <div className="sidebar-empty">{agent ? `No ${agentLabel(agent)} conversations.` : 'No conversations yet.'}</div>
          ) : (
            <Tree tree={tree.data} agent={agent} selectedId={route.id} reveal={selected.data?.summary} onOpen={(id) => open(id)} />
          )}
        </div>
        <Splitter width={sidebar.width} onWidth={sidebar.setWidth} />
      </aside>
      <main className="main">
        {sidebar.collapsed ? (
          <button type="button" className="btn btn-small show-sidebar" aria-label="Show the sidebar" title="Show the sidebar (Ctrl/Cmd+B)" onClick={sidebar.toggle}>
            <span aria-hidden="true">⟩</span> Archive
          </button>
        ) : null}
        {status.error ? (
          <ErrorState title="Déjà Vu cannot reach its archive" error={status.error}>
            <p>Check that the app (or `dejavu serve`) is still running, then reload.</p>
          </ErrorState>
        ) : settingsOpen ? (
          <SettingsView onClose={closeSettings} onOpen={(id) => open(id)} />
        ) : activityOpen ? (
          <Suspense fallback={<LoadingState label="Opening Activity…" />}>
            <ActivityView agent={agent} onClose={() => setActivityOpen(false)} onOpen={(id) => open(id)} />
          </Suspense>
        ) : insight ? (
          <Suspense fallback={<LoadingState label="Opening…" />}>
            {insight === 'plans' ? <PlansView onClose={() => setInsight(undefined)} onOpen={open} /> : <TimelineView agent={agent} onClose={() => setInsight(undefined)} onOpen={(id) => open(id)} />}
          </Suspense>
        ) : filePath ? (
          <Suspense fallback={<LoadingState label="Opening…" />}>
            <FileHistoryView path={filePath} onClose={() => setFilePath(undefined)} onOpen={open} />
          </Suspense>
        ) : route.id ? (
          <Thread key={route.id} id={route.id} jump={jump} onOpen={(id) => open(id)} onOpenFile={setFilePath} findRequest={findRequest} />
        ) : !status.data ? (
          <LoadingState label="Opening the archive…" />
        ) : status.data.stats.conversations === 0 ? (
          <FirstRun status={status.data} />
        ) : (
          <Welcome status={status.data} onOpen={(id) => open(id)} />
        )}
      </main>
      <StatusBar status={status.data} />
    </div>
  );
}

/** The words a hit matched, as its snippet shows them: found again inside the thread. */
function hitTerms(hit: SearchHit): string[] {
  return [...new Set(hit.highlights.map(([s, e]) => hit.snippet.slice(s, e).toLowerCase()).filter(Boolean))];
}
