/**
 * A conversation: its header, then its messages, fetched page by page as the person scrolls
 * and virtualized (measured as they render) so even ten thousand messages scroll smoothly.
 * While the agent still writes it, new messages appear in place: the reader's position is
 * kept, and a reader at the bottom follows them.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ArchivedSummary } from '../../../../shared/views';
import { agentLabel } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { FindBar } from '../find/find-bar';
import { FileLinksContext, useFileLinks } from '../files/file-links';
import { RevealContext } from '../find/reveal';
import { useThreadFind } from '../find/use-thread-find';
import { ErrorState, LoadingState } from '../states';
import '../find/find.css';
import { MessageList } from './message-list';
import { PromptOutline } from './prompt-outline';
import { ThreadHeader } from './thread-header';
import { SubagentContext, type Subagents } from '../parts/subagent-call';
import { useFollowEnd } from './use-follow-end';
import type { JumpTarget } from '../../lib/route';
import { useJumpToHit } from './use-jump-to-hit';
import { PAGE_SIZE, useMessagePages } from './use-message-pages';
import { useAllPagesWhile, useVisiblePages } from './use-page-requests';
import { usePromptNavigation } from './use-prompt-navigation';
import { useRowHighlight } from './use-row-highlight';
import { useViewOptions, ViewContext, ViewToggles } from './view-options';
import './thread.css';

export type { JumpTarget };

const LIVE_RECHECK_MS = 30_000;

interface ThreadProps {
  readonly id: string;
  readonly jump?: JumpTarget;
  readonly onOpen: (id: string) => void;
  /** Opens the per-file view of a file a tool call touched. */
  readonly onOpenFile?: (path: string) => void;
  /** Changes when the person asks to find in this conversation (Ctrl/Cmd+F, Edit → Find). */
  readonly findRequest?: number;
}

export function Thread({ id, jump, onOpen, onOpenFile, findRequest }: ThreadProps): React.JSX.Element {
  const fileLinks = useFileLinks(id, onOpenFile);
  // A live conversation stops being live when its agent goes quiet: look again now and then.
  const conversation = useChannel('dejavu:conversation', { id }, { refetchInterval: (q) => (q.state.data?.summary.live ? LIVE_RECHECK_MS : false) });
  const loaded = useMessagePages(id, jump ? Math.floor(jump.index / PAGE_SIZE) : 0);
  const { messages, results, calls, total, dataKey, absorbedInto } = loaded;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 8,
    getItemKey: (i) => i,
    paddingStart: 12,
    paddingEnd: 48,
  });
  const items = virtualizer.getVirtualItems();
  useVisiblePages(loaded, items[0]?.index, items[items.length - 1]?.index);

  const [highlight, flash] = useRowHighlight();
  const [view, setView] = useViewOptions();
  const hidden = useMemo(() => ({ tools: view.hideTools, thinking: view.hideThinking }), [view]);
  const find = useThreadFind({ messages, results, calls, absorbedInto, total, dataKey, scrollRef, virtualizer, hidden });
  useFindRequest(findRequest, find.show);

  const [outlineOpen, setOutlineOpen] = useState(false);
  const jumpToRow = useCallback(
    (row: number) => {
      flash(row, 1500);
      virtualizer.scrollToIndex(row, { align: 'start' });
      for (const ms of [80, 250]) setTimeout(() => virtualizer.scrollToIndex(row, { align: 'start' }), ms);
    },
    [virtualizer, flash],
  );
  const prompts = usePromptNavigation({ messages, items, scrollRef, jumpToRow });
  // Counting every occurrence needs every message: load all pages while finding.
  // The prompt outline, and moving from prompt to prompt, need every message too.
  useAllPagesWhile(find.wantsAll || outlineOpen || prompts.wantsAll, loaded);

  const jumpPending = useJumpToHit({ jump, pages: loaded, virtualizer, flash, showHit: find.showHit });
  const { onScroll, onWheel, compactHeader } = useFollowEnd({ total, dataKey, scrollRef, virtualizer, jumpPending });
  const subagents = useSubagents(conversation.data?.children, onOpen);
  const agentName = conversation.data ? agentLabel(conversation.data.summary.agent) : 'Assistant';

  if (conversation.error) return <ErrorState title="This conversation could not be opened" error={conversation.error} />;
  return (
    <section className="thread" aria-label="Conversation">
      {conversation.data ? <ThreadHeader view={conversation.data} onOpen={onOpen} folded={compactHeader} toggles={<ViewToggles options={view} onChange={setView} outlineOpen={outlineOpen} onOutline={() => setOutlineOpen((o) => !o)} />} /> : <div className="thread-header thread-header-loading" aria-hidden="true" />}
      {find.open ? <FindBar {...find.bar} /> : null}
      {outlineOpen ? <PromptOutline prompts={prompts.prompts} current={prompts.current} loading={total !== undefined && messages.size < total} onJump={jumpToRow} /> : null}
      <div className="thread-scroll" ref={scrollRef} tabIndex={0} aria-label="Messages" data-testid="thread-scroll" onScroll={onScroll} onWheel={onWheel}>
        {loaded.error ? (
          <ErrorState title="Messages could not be read" error={loaded.error} />
        ) : total === undefined ? (
          <LoadingState label="Loading messages…" />
        ) : total === 0 ? (
          <div className="thread-empty">This conversation has no messages.</div>
        ) : (
          <FileLinksContext.Provider value={fileLinks}>
          <SubagentContext.Provider value={subagents}>
          <ViewContext.Provider value={view}>
          <RevealContext.Provider value={find.reveal}>
          <MessageList loaded={loaded} total={total} virtualizer={virtualizer} items={items} view={view} agentName={agentName} highlight={highlight} />
          </RevealContext.Provider>
          </ViewContext.Provider>
          </SubagentContext.Provider>
          </FileLinksContext.Provider>
        )}
      </div>
    </section>
  );
}

/** Only a find request made while this conversation is open opens the find bar. */
function useFindRequest(findRequest: number | undefined, show: () => void): void {
  const seenFindRequest = useRef(findRequest);
  useEffect(() => {
    if (findRequest === seenFindRequest.current) return;
    seenFindRequest.current = findRequest;
    show();
  }, [findRequest, show]);
}

/** The conversation's sub-agents by the tool call that started each, for the calls to link to. */
function useSubagents(children: readonly ArchivedSummary[] | undefined, onOpen: (id: string) => void): Subagents {
  return useMemo((): Subagents => {
    const byCall = new Map<string, ArchivedSummary>();
    for (const c of children ?? []) if (c.parentToolCallId) byCall.set(c.parentToolCallId, c);
    return { byCall, open: onOpen };
  }, [children, onOpen]);
}
