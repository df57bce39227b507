/**
 * The archive as a tree: workspace → instance → date → conversation (subagents under their
 * parent). An ARIA tree with a roving focus: arrows, Home/End, Enter; counts on every node.
 */
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import type { AgentId } from '../../../../shared/agents';
import { linkedRelation, RELATION_MARK } from '../../../../shared/parent-link';
import type { ArchivedSummary, TreeWorkspace } from '../../../../shared/views';
import { agentLabel, time } from '../../lib/format';
import { ConversationMarks } from '../markers';
import { LinkMark } from './link-mark';
import type { TreeRow } from './tree-model';
import { useTreeExpansion, useTreeRows } from './use-tree-rows';
import { displayTitle } from '../../../../shared/title';

interface TreeProps {
  readonly tree: readonly TreeWorkspace[];
  readonly agent?: AgentId;
  readonly selectedId?: string;
  /** A conversation to make visible (opened from search or a link). */
  readonly reveal?: ArchivedSummary;
  readonly onOpen: (id: string) => void;
}

export function Tree({ tree, agent, selectedId, reveal, onOpen }: TreeProps): React.JSX.Element {
  const { expanded, toggle } = useTreeExpansion(tree, reveal);
  const rows = useTreeRows(tree, expanded, agent);
  const [focusKey, setFocusKey] = useState<string | undefined>();
  const ref = useRef<HTMLDivElement>(null);

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
              {linkedRelation(c) ? <LinkMark relation={linkedRelation(c)!} /> : null}
              {row.label}
            </span>
            <span className="conv-meta">
              <span className={`agent-badge agent-${c.agent}`}>{agentLabel(c.agent)}</span>
              <span>{time(c.startedAt ?? c.endedAt)}</span>
              <span title={`${c.messageCount} messages`}>{c.messageCount} msgs</span>
              {row.childCount ? <span>{row.childText}</span> : null}
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
  const relation = linkedRelation(c);
  const stage = c.retentionStage === 1 ? 'trimmed to save space' : c.retentionStage === 2 ? 'only its digest is kept' : c.retentionStage === 3 ? 'lost' : '';
  return [displayTitle(c), agentLabel(c.agent), time(c.startedAt ?? c.endedAt), `${c.messageCount} messages`, relation ? RELATION_MARK[relation].title : '', c.live ? 'live' : '', c.pinned ? 'pinned' : '', stage, c.sourceDeleted ? 'source deleted' : '']
    .filter(Boolean)
    .join(', ');
}
