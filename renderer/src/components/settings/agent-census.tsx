/**
 * Settings → Agents: the drift census (`dejavu doctor`). Per agent found, its homes, session
 * files, sessions archived and versions seen; then what the person should look at: session files
 * nothing reads (history not being kept, in red), record types nobody knew, other files not
 * located as sessions, warnings. The day an agent changes its format, it shows here.
 */
import type { AgentCensus } from '../../../../shared/doctor';
import { agentPresent } from '../../../../shared/doctor';
import { agentLabel, num } from '../../lib/format';
import { useChannel } from '../../lib/queries';

export function AgentCensusPanel(): React.JSX.Element {
  const census = useChannel('dejavu:doctor', {});
  const r = census.data;
  const present = r?.agents.filter(agentPresent) ?? [];
  return (
    <section className="settings-section" aria-labelledby="census-title" data-testid="agent-census">
      <h2 id="census-title">Agents</h2>
      {census.error ? (
        <p className="settings-note warn-text">The agent homes could not be looked at: {census.error.message}</p>
      ) : !r ? (
        <p className="settings-note">Looking at every agent home…</p>
      ) : (
        <>
          {r.unreadSessionFiles > 0 ? (
            <p className="settings-note danger-text" role="alert">
              {num(r.unreadSessionFiles)} session file(s) in{' '}
              {present
                .filter((a) => a.unreadSessionFiles.length)
                .map((a) => agentLabel(a.agent))
                .join(', ')}{' '}
              home(s) are read by nothing: they are not being archived.
            </p>
          ) : (
            <p className="settings-note">Every session file in the agent homes is read.</p>
          )}
          {present.length === 0 ? (
            <p className="settings-note">No agent found in {r.homes.join(', ')}, and nothing archived.</p>
          ) : (
            <div className="table-wrap">
              <table className="ledger census" aria-label="Agents found">
                <thead>
                  <tr>
                    <th scope="col">Agent</th>
                    <th scope="col">Homes</th>
                    <th scope="col">Session files</th>
                    <th scope="col">Archived</th>
                    <th scope="col">Versions seen</th>
                  </tr>
                </thead>
                <tbody>
                  {present.map((a) => (
                    <tr key={a.agent}>
                      <th scope="row">{agentLabel(a.agent)}</th>
                      <td title={a.homes.map((h) => h.path).join('\n')}>{num(a.homes.length)}</td>
                      <td className="num">{num(a.sessionFiles)}</td>
                      <td className="num">{num(a.archived)}</td>
                      <td>{a.versions.map((v) => v.version).join(', ') || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {present.map((a) => (
            <Findings key={a.agent} census={a} />
          ))}
        </>
      )}
    </section>
  );
}

/** What one agent's census asks the person to look at; nothing when all is well. */
function Findings({ census: a }: { census: AgentCensus }): React.JSX.Element | null {
  if (!a.unreadSessionFiles.length && !a.unknownTypes.length && !a.otherFiles.length && !a.warnings.length) return null;
  return (
    <div className="settings-note" aria-label={`${agentLabel(a.agent)} findings`} role="group">
      <strong>{agentLabel(a.agent)}</strong>
      <ul>
        {a.unreadSessionFiles.map((f) => (
          <li key={f} className="danger-text">
            Session file nothing reads: <code>{f}</code>
          </li>
        ))}
        {a.unknownTypes.map((t) => (
          <li key={t.type}>
            Unknown record type <code>{t.type}</code> in {num(t.sessions)} session(s), e.g. <code>{t.example}</code>
          </li>
        ))}
        {a.otherFiles.map((o) => (
          <li key={o.extension}>
            {num(o.count)} other {o.extension} file(s) not located as sessions, e.g. <code>{o.example}</code>
          </li>
        ))}
        {a.warnings.map((w) => (
          <li key={w} className="warn-text">
            {w}
          </li>
        ))}
      </ul>
    </div>
  );
}
