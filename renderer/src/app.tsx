/**
 * Déjà Vu's window: the archive as a tree (or search results) on the left, the open
 * conversation (or Settings → Storage) on the right, archive status along the bottom.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AgentId } from '../../shared/agents';
import type { SearchHit } from '../../shared/views';
import { queryFilters } from '../../shared/query-filters';
import { MainPane } from './components/main-pane';
import { SearchControls } from './components/sidebar/search-controls';
import { SearchResults } from './components/sidebar/search-results';
import { SidebarBrand } from './components/sidebar/sidebar-brand';
import { Splitter, useSidebarLayout } from './components/sidebar/sidebar-layout';
import { Tree } from './components/sidebar/tree';
import { ErrorState, LoadingState } from './components/states';
import { StatusBar } from './components/status-bar';
import { exportConversation } from './lib/export';
import { agentLabel, TIME_ZONE } from './lib/format';
import { useChangeSubscription, useChannel } from './lib/queries';
import { useOpenRequests } from './lib/use-open-requests';
import { usePanels } from './lib/use-panels';
import { useRoute } from './lib/use-route';
import { useSearchInput } from './lib/use-search-input';
import { useShortcuts } from './lib/use-shortcuts';
import './styles/app.css';
import './components/sidebar/sidebar.css';
import { displayTitle } from '../../shared/title';

export function App(): React.JSX.Element {
  useChangeSubscription();
  const [agent, setAgent] = useState<AgentId | undefined>();
  const status = useChannel('dejavu:status', {});
  const tree = useChannel('dejavu:tree', { ...(agent ? { agent } : {}), timeZone: TIME_ZONE });
  const { route, jump, go } = useRoute();
  const search = useSearchInput();
  const panels = usePanels(go);
  const { open, settingsOpen, setSettingsOpen } = panels;
  const gearRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const selected = useChannel('dejavu:conversation', { id: route.id ?? '' }, { enabled: Boolean(route.id) });
  const sidebar = useSidebarLayout();
  const { findRequest, findHere, focusSearch, lastHit, openHit, closeSettings } = useFindAndFocus({ routeId: route.id, settingsOpen, setSettingsOpen, open, searchRef, gearRef });
  const exportCurrent = useCallback(
    (format: 'md' | 'html' = 'md') => {
      if (route.id) void exportConversation(route.id, format, status.data).catch(() => undefined);
    },
    [route.id, status.data],
  );
  const openSettings = useCallback(() => setSettingsOpen(true), [setSettingsOpen]);
  useOpenRequests({ open, openSettings, findHere, exportCurrent, viewing: settingsOpen ? null : (route.id ?? null) });
  useShortcuts({ findHere, focusSearch, toggleSidebar: sidebar.toggle, settingsOpen, closeSettings, lastHit, searchRef });
  useDocumentState(status.error || tree.error ? 'error' : !status.data || !tree.data ? 'loading' : status.data.stats.conversations === 0 ? 'empty' : 'ready', selected.data?.summary);

  const workspaces = (tree.data ?? []).map((w) => w.workspace).sort((a, b) => a.localeCompare(b));
  const named = queryFilters(search.query);

  return (
    <div className={`app ${sidebar.collapsed ? 'sidebar-collapsed' : ''}`} style={{ gridTemplateColumns: sidebar.collapsed ? '0 1fr' : `min(${sidebar.width}px, 42vw) minmax(0, 1fr)` }}>
      <aside className="sidebar" aria-label="Archive" hidden={sidebar.collapsed}>
        <div className="sidebar-top">
          <SidebarBrand panels={panels} gearRef={gearRef} onHideSidebar={sidebar.toggle} />
          <SearchControls search={search} searchRef={searchRef} agent={agent} onAgent={setAgent} byAgent={status.data?.stats.byAgent} workspaces={workspaces} />
        </div>
        <div className="sidebar-body">
          {search.searching ? (
            <SearchResults
              query={search.debounced}
              // A filter the query names wins over the menus (they show it already).
              agent={named.agent ? undefined : agent}
              workspace={named.workspace ? undefined : search.workspace}
              includeToolOutput={search.includeTools}
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
        <MainPane status={status} panels={panels} agent={agent} id={route.id} jump={jump} findRequest={findRequest} closeSettings={closeSettings} />
      </main>
      <StatusBar status={status.data} />
    </div>
  );
}

interface FindAndFocusOptions {
  readonly routeId: string | undefined;
  readonly settingsOpen: boolean;
  readonly setSettingsOpen: (open: boolean) => void;
  readonly open: (id: string, message?: number, terms?: readonly string[]) => void;
  readonly searchRef: React.RefObject<HTMLInputElement | null>;
  readonly gearRef: React.RefObject<HTMLButtonElement | null>;
}

/** Find in the open conversation or search the archive, open a search hit, and where focus goes. */
function useFindAndFocus({ routeId, settingsOpen, setSettingsOpen, open, searchRef, gearRef }: FindAndFocusOptions) {
  const [findRequest, setFindRequest] = useState(0);
  const lastHit = useRef<string | undefined>(undefined);
  const openHit = useCallback(
    (hit: SearchHit) => {
      lastHit.current = `${hit.conversation.id}:${hit.messageIndex}`;
      open(hit.conversation.id, hit.messageIndex, hitTerms(hit));
    },
    [open],
  );
  const focusSearch = useCallback(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, [searchRef]);
  /** Ctrl/Cmd+F and Edit → Find: inside a conversation, find in it; elsewhere, search the archive. */
  const findHere = useCallback(() => {
    if (routeId && !settingsOpen) setFindRequest((n) => n + 1);
    else focusSearch();
  }, [routeId, settingsOpen, focusSearch]);
  const closeSettings = useCallback(() => {
    setSettingsOpen(false);
    requestAnimationFrame(() => gearRef.current?.focus());
  }, [setSettingsOpen, gearRef]);
  return { findRequest, findHere, focusSearch, lastHit, openHit, closeSettings };
}

/** The app's state on the root element (tests and styles read it) and the open conversation in the window title. */
function useDocumentState(appState: string, summary: Parameters<typeof displayTitle>[0] | undefined): void {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-app-state', appState);
  }, [appState]);
  useEffect(() => {
    document.title = summary ? `${displayTitle(summary)} — Déjà Vu` : 'Déjà Vu';
  }, [summary]);
}

/** The words a hit matched, as its snippet shows them: found again inside the thread. */
function hitTerms(hit: SearchHit): string[] {
  return [...new Set(hit.highlights.map(([s, e]) => hit.snippet.slice(s, e).toLowerCase()).filter(Boolean))];
}
