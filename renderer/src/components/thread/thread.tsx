/**
 * A conversation: its header, then its messages, fetched page by page as the person scrolls
 * and virtualized (measured as they render) so even ten thousand messages scroll smoothly.
 * While the agent still writes it, new messages appear in place: the reader's position is
 * kept, and a reader at the bottom follows them.
 */
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessagePage } from '../../../../shared/contract';
import type { Message, ToolCallResponsePart } from '../../../../shared/record';
import type { ArchivedSummary } from '../../../../shared/views';
import { agentLabel } from '../../lib/format';
import { channelQuery, useChannel } from '../../lib/queries';
import { firstOccurrenceOf } from '../../lib/find';
import { FindBar } from '../find/find-bar';
import { FileLinksContext, useFileLinks } from '../files/file-links';
import { RevealContext } from '../find/reveal';
import { useThreadFind } from '../find/use-thread-find';
import { ErrorState, LoadingState } from '../states';
import '../find/find.css';
import { MessageRow } from './message-row';
import { PromptOutline, promptsOf, usePromptKeys } from './prompt-outline';
import { ThreadHeader } from './thread-header';
import { SubagentContext, type Subagents } from '../parts/subagent-call';
import { hiddenEntirely, useViewOptions, ViewContext, ViewToggles } from './view-options';
import './thread.css';

export const PAGE_SIZE = 200;
const LIVE_RECHECK_MS = 30_000;
/** How close to the end (px) still counts as "at the bottom" for following new messages. */
const BOTTOM_SLACK = 64;

export interface JumpTarget {
  readonly index: number;
  /** Changes on every request, so the same message can be jumped to again. */
  readonly nonce: number;
  /** The search terms the hit matched: shown, highlighted and stepped through in the thread. */
  readonly terms?: readonly string[];
}

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
  const [pages, setPages] = useState<readonly number[]>(() => [jump ? Math.floor(jump.index / PAGE_SIZE) : 0]);
  const pageQueries = useQueries({
    queries: pages.map((p) => ({ ...channelQuery('dejavu:messages', { id, offset: p * PAGE_SIZE, limit: PAGE_SIZE }), placeholderData: undefined })),
  });
  const firstError = pageQueries.find((q) => q.error)?.error;
  const pageData = pageQueries.map((q) => q.data).filter((d): d is MessagePage => d !== undefined);
  const total = pageData[0]?.total;
  const dataKey = pageQueries.map((q) => q.dataUpdatedAt).join(',');

  const { messages, results, calls } = useMemo(() => {
    const messages = new Map<number, Message>();
    for (const page of pageData) page.messages.forEach((m, i) => messages.set(page.offset + i, m));
    const results = new Map<string, ToolCallResponsePart>();
    const calls = new Map<string, number>();
    for (const [i, m] of messages) {
      for (const p of m.parts) {
        if (p.type === 'tool_call') calls.set(p.id, i);
        else if (p.type === 'tool_call_response' && p.id) results.set(p.id, p);
      }
    }
    return { messages, results, calls };
  }, [dataKey]);

  /** A message whose every part is a result shown beside its call takes no row of its own. */
  const absorbedInto = useCallback(
    (i: number): number | undefined => {
      const m = messages.get(i);
      if (!m || !m.parts.length) return undefined;
      let into: number | undefined;
      for (const p of m.parts) {
        if (p.type !== 'tool_call_response') return undefined;
        const c = calls.get(p.id);
        if (c === undefined || c >= i) return undefined;
        into = c;
      }
      return into;
    },
    [messages, calls],
  );

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

  // Fetch the pages the visible rows need.
  const first = items[0]?.index;
  const last = items[items.length - 1]?.index;
  useEffect(() => {
    if (first === undefined || last === undefined) return;
    const need: number[] = [];
    for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) if (!pages.includes(p)) need.push(p);
    if (need.length) setPages((cur) => [...cur, ...need.filter((p) => !cur.includes(p))]);
  }, [first, last, pages]);

  const [highlight, setHighlight] = useState<number | undefined>();
  const [view, setView] = useViewOptions();
  const hidden = useMemo(() => ({ tools: view.hideTools, thinking: view.hideThinking }), [view]);
  const find = useThreadFind({ messages, results, calls, absorbedInto, total, dataKey, scrollRef, virtualizer, hidden });
  // Only a request made while this conversation is open opens the bar.
  const seenFindRequest = useRef(findRequest);
  useEffect(() => {
    if (findRequest === seenFindRequest.current) return;
    seenFindRequest.current = findRequest;
    find.show();
  }, [findRequest, find.show]);
  // Counting every occurrence needs every message: load all pages while finding.
  // The prompt outline, and moving from prompt to prompt, need every message too.
  const [outlineOpen, setOutlineOpen] = useState(false);
  const [promptsWanted, setPromptsWanted] = useState(false);
  const wantsAll = find.wantsAll || outlineOpen || promptsWanted;
  useEffect(() => {
    if (!wantsAll || total === undefined) return;
    const all = Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, p) => p);
    if (all.some((p) => !pages.includes(p))) setPages((cur) => [...cur, ...all.filter((p) => !cur.includes(p))]);
  }, [wantsAll, total, pages]);
  const prompts = useMemo(() => promptsOf(messages), [messages]);
  const jumpToRow = useCallback(
    (row: number) => {
      setHighlight(row);
      setTimeout(() => setHighlight((h) => (h === row ? undefined : h)), 1500);
      virtualizer.scrollToIndex(row, { align: 'start' });
      for (const ms of [80, 250]) setTimeout(() => virtualizer.scrollToIndex(row, { align: 'start' }), ms);
    },
    [virtualizer],
  );
  /** The prompt at or above the top of the view. */
  const topRow = items.find((it) => it.end > (scrollRef.current?.scrollTop ?? 0) + 4)?.index ?? 0;
  const currentPrompt = [...prompts].reverse().find((p) => p.index <= topRow)?.index;
  const movePrompt = useCallback(
    (delta: 1 | -1) => {
      setPromptsWanted(true);
      const target = delta > 0 ? prompts.find((p) => p.index > topRow) : [...prompts].reverse().find((p) => p.index < topRow);
      if (target) jumpToRow(target.index);
    },
    [prompts, topRow, jumpToRow],
  );
  usePromptKeys(movePrompt);

  // Jump to a message (from search): load its page, scroll to it, highlight it for a moment; with
  // the hit's terms, find them in the thread starting at the hit (which opens what holds it).
  const handledJump = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!jump || handledJump.current === jump.nonce || total === undefined) return;
    const page = Math.floor(jump.index / PAGE_SIZE);
    if (!pages.includes(page)) {
      setPages((cur) => (cur.includes(page) ? cur : [...cur, page]));
      return;
    }
    if (!messages.has(jump.index)) return;
    handledJump.current = jump.nonce;
    const row = absorbedInto(jump.index) ?? jump.index;
    setHighlight(row);
    setTimeout(() => setHighlight((h) => (h === row ? undefined : h)), 3500);
    if (jump.terms?.length && messages.has(row)) {
      find.showHit(jump.terms, { row, nth: firstOccurrenceOf(messages.get(row)!, messages.get(jump.index)!, jump.terms, results) });
      return;
    }
    const go = () => virtualizer.scrollToIndex(Math.min(row, total - 1), { align: 'start' });
    go();
    // Rows above are measured as they render, which moves the target: settle on it.
    for (const ms of [80, 250, 600]) setTimeout(go, ms);
  }, [jump, total, pages, messages, absorbedInto, virtualizer, results, find.showHit]);

  // Follow new messages when the reader was at the bottom (content growing fires no scroll event,
  // so the flag still says where the reader was before it grew). While the view settles on the
  // end (rows are measured as they render), scroll events from that do not unset it.
  const atBottom = useRef(false);
  const settlingUntil = useRef(0);
  // The header folds to its title row once the reader scrolls into the thread (and back at the top).
  const [compactHeader, setCompactHeader] = useState(false);
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    setCompactHeader((c) => (c ? el.scrollTop > 8 : el.scrollTop > 80));
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (near || Date.now() > settlingUntil.current) atBottom.current = near;
  }, []);
  // The reader scrolling up themselves stops the following at once.
  const onWheel = useCallback((e: React.WheelEvent) => {
    if (e.deltaY < 0) settlingUntil.current = 0;
  }, []);
  const seenTotal = useRef<number | undefined>(undefined);
  const seenData = useRef(dataKey);
  useEffect(() => {
    if (total === undefined) return;
    const before = seenTotal.current;
    const grew = before !== undefined && (total > before || seenData.current !== dataKey);
    seenTotal.current = total;
    seenData.current = dataKey;
    if (before === undefined) {
      // First page in: a short thread starts "at the bottom".
      requestAnimationFrame(onScroll);
      return;
    }
    if (!grew || !atBottom.current || total === 0 || (jump && handledJump.current !== jump.nonce)) return;
    settlingUntil.current = Date.now() + 900;
    const end = () => {
      if (!atBottom.current || !scrollRef.current) return;
      virtualizer.scrollToIndex(total - 1, { align: 'end' });
    };
    end();
    for (const ms of [80, 250, 600]) setTimeout(end, ms);
  }, [total, dataKey, jump, virtualizer, onScroll]);

  const subagents = useMemo((): Subagents => {
    const byCall = new Map<string, ArchivedSummary>();
    for (const c of conversation.data?.children ?? []) if (c.parentToolCallId) byCall.set(c.parentToolCallId, c);
    return { byCall, open: onOpen };
  }, [conversation.data, onOpen]);
  const agentName = conversation.data ? agentLabel(conversation.data.summary.agent) : 'Assistant';
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

  if (conversation.error) return <ErrorState title="This conversation could not be opened" error={conversation.error} />;
  return (
    <section className="thread" aria-label="Conversation">
      {conversation.data ? <ThreadHeader view={conversation.data} onOpen={onOpen} folded={compactHeader} toggles={<ViewToggles options={view} onChange={setView} outlineOpen={outlineOpen} onOutline={() => setOutlineOpen((o) => !o)} />} /> : <div className="thread-header thread-header-loading" aria-hidden="true" />}
      {find.open ? <FindBar {...find.bar} /> : null}
      {outlineOpen ? <PromptOutline prompts={prompts} current={currentPrompt} loading={total !== undefined && messages.size < total} onJump={jumpToRow} /> : null}
      <div className="thread-scroll" ref={scrollRef} tabIndex={0} aria-label="Messages" data-testid="thread-scroll" onScroll={onScroll} onWheel={onWheel}>
        {firstError ? (
          <ErrorState title="Messages could not be read" error={firstError} />
        ) : total === undefined ? (
          <LoadingState label="Loading messages…" />
        ) : total === 0 ? (
          <div className="thread-empty">This conversation has no messages.</div>
        ) : (
          <FileLinksContext.Provider value={fileLinks}>
          <SubagentContext.Provider value={subagents}>
          <ViewContext.Provider value={view}>
          <RevealContext.Provider value={find.reveal}>
          <div className="thread-list" style={{ height: virtualizer.getTotalSize() }} role="feed" aria-busy={pageQueries.some((q) => q.isFetching)} aria-label={`${total} messages`}>
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
          </RevealContext.Provider>
          </ViewContext.Provider>
          </SubagentContext.Provider>
          </FileLinksContext.Provider>
        )}
      </div>
    </section>
  );
}
