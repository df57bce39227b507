/** What the main pane shows before a conversation is open: the archive at a glance. */
import type { AppStatus } from '../../../shared/contract';
import { agentLabel, bytes, dateTime, num, TIME_ZONE } from '../lib/format';
import { useChannel } from '../lib/queries';
import { displayTitle } from '../../../shared/title';

export function Welcome({ status, onOpen }: { status: AppStatus; onOpen: (id: string) => void }): React.JSX.Element {
  const recent = useChannel('dejavu:conversations', { limit: 8, topLevel: true, timeZone: TIME_ZONE });
  const s = status.stats;
  return (
    <div className="welcome">
      <h1>Your archive</h1>
      <div className="cards">
        <div className="card">
          <div className="card-num">{num(s.conversations)}</div>
          <div className="card-label">conversations</div>
        </div>
        <div className="card">
          <div className="card-num">{num(s.prompts)}</div>
          <div className="card-label">prompts you typed</div>
        </div>
        <div className="card">
          <div className="card-num">{num(s.messages)}</div>
          <div className="card-label">messages</div>
        </div>
        <div className="card">
          <div className="card-num">{num(s.sourceDeleted)}</div>
          <div className="card-label">kept after their source was deleted</div>
        </div>
      </div>
      <div className="by-agent">
        {Object.entries(s.byAgent).map(([a, n]) => (
          <span key={a} className="by-agent-item">
            <span className={`agent-badge agent-${a}`}>{agentLabel(a)}</span> {num(n)}
          </span>
        ))}
        {s.blobBytes ? <span className="faint">· {bytes(s.blobBytes)} of attachments</span> : null}
      </div>
      {recent.data?.length ? (
        <>
          <h2>Recent</h2>
          <ul className="recent">
            {recent.data.map((c) => (
              <li key={c.id}>
                <button type="button" className="recent-item" onClick={() => onOpen(c.id)}>
                  <span className="recent-title">{displayTitle(c)}</span>
                  <span className="recent-meta">
                    <span className={`agent-badge agent-${c.agent}`}>{agentLabel(c.agent)}</span> {c.workspace} · {c.startedAt || c.endedAt ? dateTime(c.startedAt ?? c.endedAt) : 'undated'} · {c.messageCount} msgs
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Keys</h2>
      <KeysHelp />
    </div>
  );
}

/** The keys the tree and search answer to. */
function KeysHelp(): React.JSX.Element {
  return (
    <dl className="keys">
      <div>
        <dt>
          <kbd>Ctrl</kbd> <kbd>K</kbd> / <kbd>/</kbd>
        </dt>
        <dd>Search</dd>
      </div>
      <div>
        <dt>
          <kbd>↑</kbd> <kbd>↓</kbd>
        </dt>
        <dd>Move in the tree</dd>
      </div>
      <div>
        <dt>
          <kbd>←</kbd> <kbd>→</kbd>
        </dt>
        <dd>Collapse, expand</dd>
      </div>
      <div>
        <dt>
          <kbd>Enter</kbd>
        </dt>
        <dd>Open</dd>
      </div>
      <div>
        <dt>
          <kbd>Esc</kbd>
        </dt>
        <dd>Clear the search</dd>
      </div>
    </dl>
  );
}
