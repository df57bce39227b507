/**
 * Activity, in the main pane: spend and tokens over time stacked by agent or model, a calendar
 * of active days, the top workspaces and the most expensive conversations (each opens). Days
 * are the person's own (this window's time zone); the agent filter is the sidebar's.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AgentId } from '../../../../shared/agents';
import type { UsageGrouping } from '../../../../shared/usage';
import { agentLabel, num } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { ErrorState, LoadingState } from '../states';
import { activeDays, type Metric, spendOverTime, type Stack } from './activity-options';
import { costText, TopConversations, TopWorkspaces } from './activity-tables';
import { EChart } from './echart';
import './activity.css';

const RANGES = { '30': 'Last 30 days', '90': 'Last 90 days', '365': 'Last year', all: 'All time' } as const;
type Range = keyof typeof RANGES;

function sinceOf(range: Range): string | undefined {
  if (range === 'all') return undefined;
  const d = new Date();
  d.setDate(d.getDate() - Number(range));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function ActivityView({ agent, onClose, onOpen }: { agent?: AgentId; onClose: () => void; onOpen: (id: string) => void }): React.JSX.Element {
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const [by, setBy] = useState<Extract<UsageGrouping, 'day' | 'week' | 'month'>>('day');
  const [stack, setStack] = useState<Stack>('agent');
  const [metric, setMetric] = useState<Metric>('cost');
  const [range, setRange] = useState<Range>('all');
  const since = sinceOf(range);
  const over = useChannel('dejavu:usage', { by, since, timeZone, agent, top: 15 });
  const days = useChannel('dejavu:usage', { by: 'day', timeZone, agent, top: 0 });
  const places = useChannel('dejavu:usage', { by: 'workspace', since, timeZone, agent, top: 0 });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const r = over.data;
  const barOption = useMemo(() => (r ? spendOverTime(r, stack, metric) : undefined), [r, stack, metric]);
  const calendarOption = useMemo(() => (days.data ? activeDays(days.data) : undefined), [days.data]);

  return (
    <section className="activity" aria-labelledby="activity-title" data-testid="activity-view">
      <header className="activity-header">
        <h1 id="activity-title" tabIndex={-1} ref={heading}>
          Activity{agent ? ` · ${agentLabel(agent)}` : ''}
        </h1>
        <button type="button" className="btn btn-quiet" onClick={onClose} aria-label="Close activity" title="Close (Esc)">
          ✕
        </button>
      </header>
      <div className="activity-controls">
        <Choice label="Period" value={by} options={{ day: 'Day', week: 'Week', month: 'Month' }} onChange={setBy} />
        <Choice label="Stack by" value={stack} options={{ agent: 'Agent', model: 'Model' }} onChange={setStack} />
        <Choice label="Show" value={metric} options={{ cost: 'Cost', tokens: 'Tokens' }} onChange={setMetric} />
        <Choice label="Range" value={range} options={RANGES} onChange={setRange} />
      </div>
      {over.error ? (
        <ErrorState title="Usage could not be read" error={over.error} />
      ) : !r ? (
        <LoadingState label="Adding up usage…" />
      ) : r.total.tokens.total === 0 ? (
        <p className="activity-empty">No token usage recorded{since ? ` since ${since}` : ''}.</p>
      ) : (
        <>
          <div className="activity-totals" data-testid="activity-totals">
            <Stat label="Cost" value={costText(r.total)} />
            <Stat label="Tokens" value={num(r.total.tokens.total)} />
            <Stat label="Conversations" value={num(r.total.conversations)} />
            <Stat label="Cache read" value={num(r.total.tokens.cacheRead)} />
          </div>
          <p className="activity-note">
            Prices: {r.priceTable.name} {r.priceTable.version} (bundled, offline), at the price in force when the tokens were spent. Days in {r.timeZone}.
            {r.total.unpricedModels.length ? ` No price for ${r.total.unpricedModels.join(', ')} (${num(r.total.unpricedTokens)} tokens): not in any cost.` : ''}
          </p>
          <h2>{metric === 'cost' ? 'Spend' : 'Tokens'} per {by}</h2>
          {barOption ? <EChart option={barOption} height={280} label={`${metric} per ${by}, stacked by ${stack}`} /> : null}
          <h2>Active days</h2>
          {calendarOption ? <EChart option={calendarOption} height={150} label="calendar of active days" /> : null}
          <div className="activity-columns">
            <TopWorkspaces rows={places.data?.rows ?? []} />
            <TopConversations conversations={r.topConversations} onOpen={onOpen} />
          </div>
        </>
      )}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }): React.JSX.Element {
  return (
    <div className="activity-stat">
      <div className="activity-stat-value">{value}</div>
      <div className="activity-stat-label">{label}</div>
    </div>
  );
}

function Choice<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: Record<T, string>; onChange: (v: T) => void }): React.JSX.Element {
  return (
    <label className="filter">
      <span className="activity-choice-label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)} aria-label={label}>
        {(Object.entries(options) as [T, string][]).map(([k, v]) => (
          <option key={k} value={k}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}
