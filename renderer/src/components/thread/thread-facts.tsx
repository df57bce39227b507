/** The conversation's facts: agent, workspace, branch, when, how many messages, which models, how many tokens. */
import type { ArchivedSummary } from '../../../../shared/views';
import { agentLabel, compact, dateTime, duration, num, usageParts } from '../../lib/format';

export function ThreadFacts({ summary: s }: { summary: ArchivedSummary }): React.JSX.Element {
  const usage = usageParts(s.usage);
  const totalTokens = (s.usage?.inputTokens ?? 0) + (s.usage?.outputTokens ?? 0) + (s.usage?.cacheReadTokens ?? 0) + (s.usage?.cacheWriteTokens ?? 0);
  return (
    <dl className="facts">
      <div className="fact">
        <dt>Agent</dt>
        <dd>
          <span className={`agent-badge agent-${s.agent}`}>{agentLabel(s.agent)}</span>
          {s.agentVersion ? <span className="faint"> {s.agentVersion}</span> : null}
        </dd>
      </div>
      <div className="fact">
        <dt>Workspace</dt>
        <dd>
          {s.workspace}
          {s.instance !== 'host' ? <span className="faint"> · {s.instance}</span> : null}
        </dd>
      </div>
      {s.gitBranch ? (
        <div className="fact">
          <dt>Branch</dt>
          <dd className="mono">{s.gitBranch}</dd>
        </div>
      ) : null}
      <div className="fact">
        <dt>When</dt>
        <dd>
          {dateTime(s.startedAt)}
          {duration(s.startedAt, s.endedAt) ? <span className="faint"> · {duration(s.startedAt, s.endedAt)}</span> : null}
        </dd>
      </div>
      <div className="fact">
        <dt>Messages</dt>
        <dd>
          {num(s.messageCount)}
          <span className="faint"> · {num(s.promptCount)} prompts</span>
        </dd>
      </div>
      {s.models.length ? (
        <div className="fact">
          <dt>Model{s.models.length > 1 ? 's' : ''}</dt>
          <dd className="mono">{s.models.join(', ')}</dd>
        </div>
      ) : null}
      {usage.length ? (
        <div className="fact">
          <dt>Tokens</dt>
          <dd title={usage.join(' · ')}>
            {compact(totalTokens)} <span className="faint">({usage.join(' · ')})</span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
