/**
 * The archive as a tree: workspace → instance → date → conversation (subagents under their
 * parent). An ARIA tree with a roving focus: arrows, Home/End, Enter; counts on every node.
 */
import { useQueries } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AgentId } from '../../../../shared/agents';
import type { ArchivedSummary, TreeWorkspace } from '../../../../shared/views';
import { agentLabel, dayLabel, dayOf, time, TIME_ZONE } from '../../lib/format';
import { channelQuery } from '../../lib/queries';
import { ConversationMarks } from '../markers';
import { buildRows, convKey, dateKey, type DateQuery, instKey, openDates, parentCandidates, showsInstances, type TreeRow, wsKey } from './tree-model';
import { displayTitle } from '../../../../shared/title';

/** At most this many conversations ask for their subagents elsewhere (one small query each). */
const MAX_PARENT_QUERIES = 300;

interface TreeProps {
  readonly tree: readonly TreeWorkspace[];
  readonly agent?: AgentId;
  readonly selectedId?: string;
  /** A conversation to make visible (opened from search or a link). */
  readonly reveal?: ArchivedSummary;
  readonly onOpen: (id: string) => void;
}

export function Tree({ tree, agent, selectedId, reveal, onOpen }: TreeProps): React.JSX.Element {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => initialExpansion(tree));
  const [focusKey, setFocusKey] = useState<string | undefined>();
  const ref = useRef<HTMLDivElement>(null);

  // Open the newest day the first time data arrives (and after a filter empties the tree).
  const seeded = useRef(tree.length > 0);
  useEffect(() => {
    if (!seeded.current && tree.length) {
      seeded.current = true;
      setExpanded(initialExpansion(tree));
    }
  }, [tree]);

  useEffect(() => {
    if (!reveal) return;
    setExpanded((cur) => {
      const next = new Set(cur);
      next.add(wsKey(reveal.workspace));
      next.add(instKey(reveal.workspace, reveal.instance));
      next.add(dateKey(reveal.workspace, reveal.instance, dayOf(reveal)));
      if (reveal.parentId) next.add(convKey(reveal.parentId));
      return next.size === cur.size ? cur : next;
    });
  }, [reveal]);

  const dates = useMemo(() => openDates(tree, expanded), [tree, expanded]);
  const convQueries = useQueries({
    queries: dates.map((d) => channelQuery('dejavu:conversations', { ...d, ...(agent ? { agent } : {}), timeZone: TIME_ZONE })),
  });
  const byDate = new Map<string, readonly ArchivedSummary[] | undefined>();
  dates.forEach((d, i) => byDate.set(dateKey(d.workspace, d.instance, d.date), convQueries[i]?.data));
  // Subagents on another date or workspace are nested under their parent too: ask each listed parent.
  const parents = parentCandidates(convQueries.map((q) => q.data)).slice(0, MAX_PARENT_QUERIES);
  const childQueries = useQueries({ queries: parents.map((id) => channelQuery('dejavu:conversations', agent ? { parentId: id, agent } : { parentId: id })) });
  const byParent = new Map<string, readonly ArchivedSummary[] | undefined>();
  parents.forEach((id, i) => byParent.set(id, childQueries[i]?.data));
  const dataKey = [...convQueries, ...childQueries].map((q) => q.dataUpdatedAt).join(',');
  const rows = useMemo(
    () => buildRows(tree, expanded, (q: DateQuery) => byDate.get(dateKey(q.workspace, q.instance, q.date)), dayLabel, (id) => byParent.get(id)),
    // byDate and byParent are rebuilt every render; dataKey says when their contents changed.
    [tree, expanded, dataKey],
  );

  const selectedKey = selectedId ? rows.find((r) => r.conversation?.id === selectedId)?.key : undefined;
  const activeKey = rows.some((r) => r.key === focusKey) ? focusKey : selectedKey ?? rows[0]?.key;

  const focusRow = useCallback((key: string | undefined) => {
    if (!key) return;
    setFocusKey(key);
    requestAnimationFrame(() => {
      const el = ref.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
      el?.focus();
      el?.scrollIntoView({ block: 'nearest' });
    });
  }, []);

  const toggle = (row: TreeRow, open?: boolean) => {
    setExpanded((cur) => {
      const next = new Set(cur);
      if (open ?? !cur.has(row.key)) next.add(row.key);
      else next.delete(row.key);
      return next;
    });
  };

  const activate = (row: TreeRow) => {
    setFocusKey(row.key);
    if (row.kind === 'conversation' && row.conversation) onOpen(row.conversation.id);
    else toggle(row);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = rows.findIndex((r) => r.key === activeKey);
    const row = rows[i];
    if (!row) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        focusRow(rows[Math.min(rows.length - 1, i + 1)]?.key);
        break;
      case 'ArrowUp':
        focusRow(rows[Math.max(0, i - 1)]?.key);
        break;
      case 'Home':
        focusRow(rows[0]?.key);
        break;
      case 'End':
        focusRow(rows[rows.length - 1]?.key);
        break;
      case 'ArrowRight':
        if (row.expandable && !row.expanded) toggle(row, true);
        else if (row.expandable && row.expanded && rows[i + 1]?.parentKey === row.key) focusRow(rows[i + 1].key);
        break;
      case 'ArrowLeft':
        if (row.expandable && row.expanded) toggle(row, false);
        else if (row.parentKey) focusRow(row.parentKey);
        break;
      case 'Enter':
      case ' ':
        activate(row);
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  return (
    <div className="tree" role="tree" aria-label="Conversations by workspace" ref={ref} onKeyDown={onKeyDown}>
      {rows.map((row) => (
        <TreeItem
          key={row.key}
          row={row}
          active={row.key === activeKey}
          selected={selectedId !== undefined && row.conversation?.id === selectedId}
          onClick={() => activate(row)}
          onToggle={() => toggle(row)}
        />
      ))}
    </div>
  );
}

function TreeItem({ row, active, selected, onClick, onToggle }: { row: TreeRow; active: boolean; selected: boolean; onClick: () => void; onToggle: () => void }): React.JSX.Element {
  const c = row.conversation;
  return (
    <>
      <div
        role="treeitem"
        data-key={row.key}
        data-kind={row.kind}
        data-conversation-id={c?.id}
        aria-level={row.level}
        aria-posinset={row.posinset}
        aria-setsize={row.setsize}
        aria-expanded={row.expandable ? row.expanded : undefined}
        aria-selected={selected}
        aria-label={c ? conversationLabel(c) : `${row.label}, ${row.count} conversation${row.count === 1 ? '' : 's'}`}
        tabIndex={active ? 0 : -1}
        className={`tree-row tree-${row.kind} lvl-${Math.min(row.level, 6)} ${selected ? 'is-selected' : ''}`}
        onClick={onClick}
      >
        <span
          className={`tree-chevron ${row.expandable ? '' : 'is-leaf'}`}
          aria-hidden="true"
          onClick={
            row.kind === 'conversation' && row.expandable
              ? (e) => {
                  e.stopPropagation();
                  onToggle();
                }
              : undefined
          }
        >
          {row.expandable ? (row.expanded ? '▾' : '▸') : ''}
        </span>
        {c ? (
          <span className="conv">
            <span className="conv-title">
              {row.orphanSubagent || c.parentId ? (
                <span className="conv-sub" title="Subagent conversation">
                  ↳{' '}
                </span>
              ) : null}
              {row.label}
            </span>
            <span className="conv-meta">
              <span className={`agent-badge agent-${c.agent}`}>{agentLabel(c.agent)}</span>
              <span>{time(c.startedAt ?? c.endedAt)}</span>
              <span title={`${c.messageCount} messages`}>{c.messageCount} msgs</span>
              {row.childCount ? <span>{row.childCount} subagent{row.childCount === 1 ? '' : 's'}</span> : null}
              <ConversationMarks c={c} />
              {c.sourceDeleted ? (
                <span className="deleted-chip" title="The agent’s own file is gone; the archive keeps this copy">
                  <span aria-hidden="true">⌫ </span>source deleted
                </span>
              ) : null}
            </span>
          </span>
        ) : (
          <>
            <span className="tree-label">{row.label}</span>
            {row.loading ? <span className="spinner tree-spinner" aria-hidden="true" /> : null}
            <span className="tree-count">{row.count}</span>
          </>
        )}
      </div>
    </>
  );
}

function conversationLabel(c: ArchivedSummary): string {
  const stage = c.retentionStage === 1 ? 'trimmed to save space' : c.retentionStage === 2 ? 'only its digest is kept' : c.retentionStage === 3 ? 'lost' : '';
  return [displayTitle(c), agentLabel(c.agent), time(c.startedAt ?? c.endedAt), `${c.messageCount} messages`, c.live ? 'live' : '', c.pinned ? 'pinned' : '', stage, c.sourceDeleted ? 'source deleted' : '']
    .filter(Boolean)
    .join(', ');
}

function initialExpansion(tree: readonly TreeWorkspace[]): Set<string> {
  const first = tree[0];
  if (!first) return new Set();
  const inst = first.instances[0];
  const out = new Set([wsKey(first.workspace)]);
  if (inst) {
    if (showsInstances(first)) out.add(instKey(first.workspace, inst.instance));
    if (inst.dates[0]) out.add(dateKey(first.workspace, inst.instance, inst.dates[0].date));
  }
  return out;
}
