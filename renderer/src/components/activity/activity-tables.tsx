/** Activity's two lists: the workspaces that spent most, and the most expensive conversations (each opens). */
import { RELATION_MARK } from '../../../../shared/parent-link';
import { type ConversationUsage, formatCost, type Spend, type UsageRow } from '../../../../shared/usage';
import { agentLabel, num } from '../../lib/format';

/** The cost, said to be partial when some tokens had no price. */
export function costText(s: Spend): string {
  return s.costUsd !== null && s.unpricedTokens > 0 ? `${formatCost(s.costUsd)} + no price` : formatCost(s.costUsd);
}

export function TopWorkspaces({ rows }: { rows: readonly UsageRow[] }): React.JSX.Element {
  return (
    <div>
      <h2>Top workspaces</h2>
      <table className="activity-table">
        <thead>
          <tr>
            <th>Workspace</th>
            <th>Tokens</th>
            <th>Cost</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 10).map((w) => (
            <tr key={w.key}>
              <td>{w.key}</td>
              <td className="n">{num(w.tokens.total)}</td>
              <td className="n">{costText(w)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Subagents left out: a subagent's cost counts in its parent's (a fork's or a continuation's does not). */
export function TopConversations({ conversations, onOpen }: { conversations: readonly ConversationUsage[]; onOpen: (id: string) => void }): React.JSX.Element {
  return (
    <div>
      <h2>Most expensive conversations</h2>
      <ol className="activity-top" aria-label="Most expensive conversations">
        {conversations
          .filter((c) => c.relation !== 'subagent')
          .slice(0, 10)
          .map((c) => (
            <li key={c.id}>
              <button type="button" className="activity-open" onClick={() => onOpen(c.id)} title={c.id}>
                <span className="activity-cost">{costText(c.withSubagents)}</span>
                <span className="activity-title">{c.title}</span>
                <span className="activity-meta">
                  {agentLabel(c.agent)} · {c.workspace}
                  {c.subagents ? ` · ${c.subagents} subagent${c.subagents === 1 ? '' : 's'} (own ${costText(c.own)})` : ''}
                  {c.relation ? ` · ${RELATION_MARK[c.relation].word}` : ''}
                </span>
              </button>
            </li>
          ))}
      </ol>
    </div>
  );
}
