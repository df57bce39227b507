/**
 * Settings → Storage: what the archive kept that the agents deleted (per agent), a warning when
 * an agent's own cleanup is about to delete sessions not archived yet, and, on request, the
 * space per workspace and per agent with what each eviction stage would free there.
 */
import { useState } from 'react';
import type { SpaceGroup } from '../../../../shared/views';
import { agentLabel, bytes, dateTime, num } from '../../lib/format';
import { useChannel } from '../../lib/queries';

export function SpaceByPlace(): React.JSX.Element {
  const status = useChannel('dejavu:status', {});
  const cleanup = useChannel('dejavu:agent-cleanup', {});
  const [asked, setAsked] = useState(false);
  const space = useChannel('dejavu:space', {}, { enabled: asked });
  const kept = Object.entries(status.data?.stats.keptByAgent ?? {});
  return (
    <section className="settings-section" aria-labelledby="space-title" data-testid="space-by-place">
      <h2 id="space-title">Where the space goes</h2>
      {(cleanup.data ?? [])
        .filter((r) => r.unarchived > 0)
        .map((r) => (
          <p key={r.agent} className="settings-note warn-text" role="alert" data-testid="cleanup-warning">
            {agentLabel(r.agent)} deletes sessions idle for more than {r.cleanupPeriodDays} days{r.from === 'default' ? ' (its default)' : ''}: {num(r.unarchived)} of them, not archived
            yet, go within 7 days{r.firstDeletionAt ? ` (the first ${dateTime(r.firstDeletionAt)})` : ''}. Sync now to keep them.
          </p>
        ))}
      <p className="settings-note" data-testid="kept-after-deleted">
        Kept after the agent deleted it:{' '}
        {kept.length ? kept.map(([agent, n]) => `${agentLabel(agent)} ${num(n)}`).join(', ') : 'none yet (every archived conversation still exists in its agent’s files)'}.
      </p>
      {!asked ? (
        <button type="button" className="btn" onClick={() => setAsked(true)}>
          Show space per workspace and agent
        </button>
      ) : space.error ? (
        <p className="settings-note warn-text">Could not work it out: {space.error.message}</p>
      ) : !space.data ? (
        <p className="settings-note">Reading every conversation…</p>
      ) : (
        <>
          <SpaceTable caption="Space per workspace" groups={space.data.byWorkspace} label={(n) => n} />
          <SpaceTable caption="Space per agent" groups={space.data.byAgent} label={agentLabel} />
          {space.data.unreadable ? <p className="settings-note warn-text">{num(space.data.unreadable)} conversation(s) could not be read: not counted in what a stage frees.</p> : null}
        </>
      )}
    </section>
  );
}

function SpaceTable({ caption, groups, label }: { caption: string; groups: readonly SpaceGroup[]; label: (name: string) => string }): React.JSX.Element {
  return (
    <div className="table-wrap">
    <table className="ledger" aria-label={caption}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Conversations</th>
          <th scope="col">Size</th>
          <th scope="col" title="Raw bulk dropped: large tool output, images, native records">
            Stage 1 frees
          </th>
          <th scope="col" title="Only the digest thread kept: every prompt, the last answer">
            Stage 2 frees
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.name}>
            <td>{label(g.name)}</td>
            <td>{num(g.conversations)}</td>
            <td>{bytes(g.bytes)}</td>
            <td>{bytes(g.stage1Frees)}</td>
            <td>{bytes(g.stage2Frees)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
