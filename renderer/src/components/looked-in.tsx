/** Per home and agent, the session folders the last sync looked in and how many files it found. */
import type { LookedIn } from '../../../shared/contract';
import { agentLabel, num } from '../lib/format';

export function LookedInList({ looked }: { looked: readonly LookedIn[] }): React.JSX.Element {
  const homes = [...new Set(looked.map((l) => l.home))];
  return (
    <div className="looked-in" data-testid="first-run-looked-in">
      {homes.map((home) => (
        <section key={home}>
          <h3>
            Looked in <code className="md-code">{home}</code>
          </h3>
          <ul>
            {looked
              .filter((l) => l.home === home)
              .map((l) => (
                <li key={l.agent} data-agent={l.agent}>
                  <span className={`agent-badge agent-${l.agent}`}>{agentLabel(l.agent)}</span>{' '}
                  <strong>
                    {num(l.found)} session file{l.found === 1 ? '' : 's'}
                  </strong>{' '}
                  {l.folders.length ? <Folders home={home} folders={l.folders} /> : <span className="faint">in the project folders under it</span>}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Up to two missing folders are named; more (Cline's editor forks) fold behind a count. */
const NAMED_MISSING = 2;

function Folders({ home, folders }: { home: string; folders: LookedIn['folders'] }): React.JSX.Element {
  const present = folders.filter((f) => f.exists);
  const missing = folders.filter((f) => !f.exists);
  const named = missing.length > NAMED_MISSING ? [] : missing;
  const parts = [...present.map((f) => <code key={f.path} className="md-code">{relative(home, f.path)}</code>), ...named.map((f) => (
    <span key={f.path}>
      <code className="md-code">{relative(home, f.path)}</code> (not there)
    </span>
  ))];
  return (
    <span className="faint">
      in{' '}
      {parts.map((p, i) => (
        <span key={i}>
          {i ? ', ' : ''}
          {p}
        </span>
      ))}
      {named.length < missing.length ? (
        <details className="looked-in-missing">
          <summary>
            {parts.length ? `and ${num(missing.length)} other places, not there` : `${num(missing.length)} places, none there`}
          </summary>
          {missing.map((f) => (
            <code key={f.path} className="md-code">
              {relative(home, f.path)}
            </code>
          ))}
        </details>
      ) : null}
    </span>
  );
}

/** A folder under the home, as written under it (`.claude/projects`). */
function relative(home: string, folder: string): string {
  const sep = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.startsWith(home + sep) ? folder.slice(home.length + 1) : folder;
}
