/**
 * Plans, in the main pane: every plan the agents made or followed (plan mode, plan files,
 * "implement the following plan" prompts, step lists), one per plan across the archive, found
 * by words; the chosen one shown as Markdown with every conversation that made or used it.
 */
import { useEffect, useRef, useState } from 'react';
import { PLAN_ORIGINS, type PlanDocument, type PlanOrigin } from '../../../../shared/plans';
import { agentLabel, dateTime } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { useDebounced } from '../../lib/use-debounced';
import { Markdown } from '../markdown';
import { ErrorState, LoadingState } from '../states';
import './insights.css';

const ORIGIN_LABELS: Record<PlanOrigin, string> = { 'plan-mode': 'Plan mode', 'plan-file': 'Plan file', prompt: 'Handed over in a prompt', steps: 'Step list' };

export function PlansView({ onClose, onOpen }: { onClose: () => void; onOpen: (id: string, message?: number) => void }): React.JSX.Element {
  const [text, setText] = useState('');
  const [origin, setOrigin] = useState<PlanOrigin | ''>('');
  const words = useDebounced(text.trim(), 200);
  const plans = useChannel('dejavu:plans', { ...(words ? { text: words } : {}), ...(origin ? { origin } : {}) });
  const [chosen, setChosen] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const list = plans.data?.plans ?? [];
  const plan = list.find((p) => p.id === chosen) ?? list[0];

  return (
    <section className="insight" aria-labelledby="plans-title" data-testid="plans-view">
      <header className="insight-header">
        <h1 id="plans-title" tabIndex={-1} ref={heading}>
          Plans
        </h1>
        <button type="button" className="btn btn-quiet" onClick={onClose} aria-label="Close plans" title="Close">
          ✕
        </button>
      </header>
      <div className="insight-controls">
        <input type="search" className="insight-search" placeholder="Find plans by words" aria-label="Find plans" value={text} onChange={(e) => setText(e.target.value)} />
        <select value={origin} onChange={(e) => setOrigin(e.target.value as PlanOrigin | '')} aria-label="Found in">
          <option value="">Found anywhere</option>
          {PLAN_ORIGINS.map((o) => (
            <option key={o} value={o}>
              {ORIGIN_LABELS[o]}
            </option>
          ))}
        </select>
        {plans.data ? <span className="insight-count">{list.length} plan(s)</span> : null}
      </div>
      {plans.error ? (
        <ErrorState title="Plans could not be read" error={plans.error} />
      ) : !plans.data ? (
        <LoadingState label="Gathering plans…" />
      ) : list.length === 0 ? (
        <p className="insight-empty">No plan found{words ? ` with “${words}”` : ''}.</p>
      ) : (
        <div className="plans-columns">
          <ol className="plans-list" aria-label="Plans found">
            {list.map((p) => (
              <li key={p.id}>
                <button type="button" className="plans-item" aria-current={p.id === plan?.id} onClick={() => setChosen(p.id)}>
                  <span className="plans-item-title">{p.title}</span>
                  <span className="insight-meta">
                    {p.origins.map((o) => ORIGIN_LABELS[o]).join(', ')} · {p.workspaces.join(', ')} · {dateTime(p.lastAt)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {plan ? <PlanDetail plan={plan} onOpen={onOpen} /> : null}
        </div>
      )}
    </section>
  );
}

function PlanDetail({ plan, onOpen }: { plan: PlanDocument; onOpen: (id: string, message?: number) => void }): React.JSX.Element {
  return (
    <article className="plan-detail" aria-label={`Plan: ${plan.title}`} data-plan-id={plan.id}>
      <div className="insight-meta">
        Plan {plan.id.slice(0, 12)}
        {plan.versions > 1 ? ` · ${plan.versions} versions (the latest shown)` : ''}
        {plan.paths.length ? ` · ${plan.paths.join(', ')}` : ''}
      </div>
      <h2 className="plan-uses-title">Conversations</h2>
      <ul className="plan-uses" aria-label="Conversations that made or used this plan">
        {plan.uses.map((u, i) => (
          <li key={`${u.conversationId}-${i}`}>
            <button type="button" className="insight-open" title={u.conversationId} onClick={() => onOpen(u.conversationId, u.messageIndex)}>
              <span className={`plan-link plan-link-${u.link}`}>{u.link}</span> {u.conversationTitle}
              <span className="insight-meta">
                {' '}
                · {agentLabel(u.agent)} · {u.workspace}
                {u.gitBranch ? ` · ${u.gitBranch}` : ''} · {dateTime(u.at)}
                {u.tool ? ` · ${u.tool}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="plan-text">{plan.text ? <Markdown text={plan.text} /> : <p className="insight-empty">Only this file’s path is known: an archived conversation read or edited it, never wrote it whole.</p>}</div>
    </article>
  );
}
