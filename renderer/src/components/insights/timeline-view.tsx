/**
 * Timeline, in the main pane: one repository's conversations across every agent, newest first,
 * each with its branch or worktree, first prompt, outcome, files, plans and cost (subagents
 * rolled in); each opens. Repositories and branches come from the answer itself.
 */
import { useEffect, useRef, useState } from 'react';
import type { AgentId } from '../../../../shared/agents';
import { RELATION_MARK } from '../../../../shared/parent-link';
import type { TimelineEntry } from '../../../../shared/timeline';
import { formatCost } from '../../../../shared/usage';
import { agentLabel, dateTime, num } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { ErrorState, LoadingState } from '../states';
import './insights.css';

export function TimelineView({ agent, onClose, onOpen }: { agent?: AgentId; onClose: () => void; onOpen: (id: string) => void }): React.JSX.Element {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = useChannel('dejavu:timeline', { timeZone, ...(agent ? { agent } : {}) });
  const [repo, setRepo] = useState<string | undefined>();
  const [branch, setBranch] = useState('');
  const repos = all.data?.repositories ?? [];
  const root = repo ?? repos[0]?.root;
  const chosen = repos.find((r) => r.root === root);
  const one = useChannel('dejavu:timeline', { timeZone, ...(root ? { repo: root } : {}), ...(branch ? { branch } : {}), ...(agent ? { agent } : {}) }, { enabled: Boolean(root) });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const entries = [...(one.data?.entries ?? [])].reverse();
  const t = one.data?.totals;

  return (
    <section className="insight" aria-labelledby="timeline-title" data-testid="timeline-view">
      <header className="insight-header">
        <h1 id="timeline-title" tabIndex={-1} ref={heading}>
          Timeline{chosen ? ` · ${chosen.name}` : ''}
        </h1>
        <button type="button" className="btn btn-quiet" onClick={onClose} aria-label="Close timeline" title="Close">
          ✕
        </button>
      </header>
      <div className="insight-controls">
        <select
          aria-label="Repository"
          value={root ?? ''}
          onChange={(e) => {
            setRepo(e.target.value);
            setBranch('');
          }}
        >
          {repos.map((r) => (
            <option key={r.root} value={r.root} title={r.root}>
              {r.name} ({r.conversations})
            </option>
          ))}
        </select>
        <select aria-label="Branch" value={branch} onChange={(e) => setBranch(e.target.value)}>
          <option value="">All branches</option>
          {(chosen?.branches ?? []).map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        {chosen ? <span className="insight-count" title={chosen.root}>{chosen.root}</span> : null}
      </div>
      {all.error || one.error ? (
        <ErrorState title="The timeline could not be read" error={all.error ?? one.error} />
      ) : !all.data || (root && !one.data) ? (
        <LoadingState label="Laying out the timeline…" />
      ) : !entries.length ? (
        <p className="insight-empty">No conversation here yet.</p>
      ) : (
        <>
          <p className="insight-meta" data-testid="timeline-totals">
            {entries.length} conversation(s) · {num(t?.tokens ?? 0)} tokens · {t?.costUsd === null ? 'no price' : formatCost(t?.costUsd ?? 0)}
            {t?.unpricedTokens ? ` + ${num(t.unpricedTokens)} tokens with no price` : ''}
          </p>
          <ol className="timeline" aria-label="Conversations in this repository">
            {entries.map((e) => (
              <Entry key={e.conversationId} e={e} onOpen={onOpen} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Entry({ e, onOpen }: { e: TimelineEntry; onOpen: (id: string) => void }): React.JSX.Element {
  return (
    <li className="timeline-entry">
      <span className={`timeline-dot outcome-${e.outcome}`} aria-hidden="true" />
      <button type="button" className="insight-open" title={e.conversationId} onClick={() => onOpen(e.conversationId)}>
        <span className="timeline-head">
          <span className="agent-badge">{agentLabel(e.agent)}</span> {dateTime(e.startedAt)}
          {e.branch ? <span className="timeline-branch"> {e.branch}</span> : null}
          {e.worktree ? <span className="insight-meta"> · worktree {e.worktree.split('/').pop()}</span> : null}
          <span className={`timeline-outcome outcome-${e.outcome}`}> {e.outcome}</span>
          <span className="timeline-cost">
            {e.tokens ? `${num(e.tokens)} tok · ${e.costUsd === null ? 'no price' : formatCost(e.costUsd)}` : ''}
            {e.subagents ? ` · ${e.subagents} subagent(s)` : ''}
            {e.parent ? ` · ${RELATION_MARK[e.parent.relation].word}` : ''}
          </span>
        </span>
        <span className="timeline-prompt">{e.firstPrompt ?? e.title}</span>
        {e.files.total ? (
          <span className="insight-meta">
            {e.files.changed} file(s) changed of {e.files.total} touched: {e.files.top.join(', ')}
          </span>
        ) : null}
        {e.plans.map((p) => (
          <span key={p.id} className="insight-meta">
            Plan ({p.link}): {p.title}
          </span>
        ))}
      </button>
    </li>
  );
}
