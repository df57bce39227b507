/**
 * Settings → Storage: merge another machine's archive (a `dejavu export-archive` file, or an
 * archive folder) into this one. A path field everywhere; the desktop app adds its open dialog.
 */
import { useState } from 'react';
import type { MergeOutcome } from '../../../../shared/contract';
import { num } from '../../lib/format';
import { useChannel, useWrite } from '../../lib/queries';
import './merge-archive.css';

export function MergeArchive(): React.JSX.Element {
  const status = useChannel('dejavu:status', {});
  const [target, setTarget] = useState('');
  const merge = useWrite('dejavu:merge-archive');
  const dialog = status.data?.capabilities.openDialog ?? false;
  return (
    <section className="settings-section" aria-labelledby="merge-title" data-testid="merge-archive">
      <h2 id="merge-title">Archives from other machines</h2>
      <p className="settings-note">
        Merge a file written by <code>dejavu export-archive</code> on another machine, or another archive folder. Its conversations keep that machine’s name; a copy older than
        the one here changes nothing, and merging twice changes nothing.
      </p>
      <form
        className="merge-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (target.trim()) merge.mutate({ path: target.trim() });
        }}
      >
        <label>
          Archive file or folder{' '}
          <input type="text" value={target} onChange={(e) => setTarget(e.target.value)} placeholder="/path/to/dejavu-laptop.tar" spellCheck={false} disabled={merge.isPending} />
        </label>
        <button type="submit" className="btn" disabled={merge.isPending || !target.trim()}>
          Merge
        </button>
        {dialog ? (
          <button type="button" className="btn" disabled={merge.isPending} onClick={() => merge.mutate({})}>
            Merge an archive…
          </button>
        ) : null}
      </form>
      {merge.isPending ? <p className="settings-note">Merging…</p> : null}
      {merge.error ? <p className="settings-note warn-text" role="alert">Could not merge: {merge.error.message}</p> : null}
      {merge.data ? <MergeResult outcome={merge.data} /> : null}
    </section>
  );
}

function MergeResult({ outcome }: { outcome: MergeOutcome }): React.JSX.Element | null {
  if (outcome.path === null) return null;
  return (
    <p className={`settings-note ${outcome.errors.length ? 'warn-text' : ''}`} role="status" data-testid="merge-result">
      Merged from {outcome.machine}: {num(outcome.considered)} conversation(s), {num(outcome.added)} new, {num(outcome.updated)} updated, {num(outcome.unchanged)} already here
      {outcome.errors.length ? `; ${num(outcome.errors.length)} could not be read (${outcome.errors[0].id}: ${outcome.errors[0].message})` : ''}.
    </p>
  );
}
