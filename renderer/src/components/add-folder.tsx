/**
 * Add a folder an agent's sessions are kept in outside the usual homes (a backup, another
 * machine's copy): archived as `dejavu sync --source <folder>` would. A path field everywhere
 * (the browser view cannot pick a folder on the server's disk); the desktop app adds its
 * folder dialog.
 */
import { useState } from 'react';
import type { FolderSyncOutcome } from '../../../shared/contract';
import { num } from '../lib/format';
import { useChannel, useWrite } from '../lib/queries';

export function AddFolder(): React.JSX.Element {
  const status = useChannel('dejavu:status', {});
  const [typed, setTyped] = useState('');
  const add = useWrite('dejavu:sync-folder');
  const dialog = status.data?.capabilities.folderDialog ?? false;
  return (
    <form
      className="add-folder"
      aria-label="Add a folder"
      onSubmit={(e) => {
        e.preventDefault();
        if (typed.trim()) add.mutate({ path: typed.trim() });
      }}
    >
      <p>Does an agent keep its sessions somewhere else, or do you have a copy from another machine? Add that folder: its sessions are found by their content.</p>
      <div className="add-folder-row">
        {dialog ? (
          <button type="button" className="btn" disabled={add.isPending} onClick={() => add.mutate({})}>
            Add a folder…
          </button>
        ) : null}
        <label>
          Folder{' '}
          <input type="text" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="/path/to/sessions" spellCheck={false} disabled={add.isPending} />
        </label>
        <button type="submit" className="btn" disabled={add.isPending || !typed.trim()}>
          Add folder
        </button>
      </div>
      <p className="faint">
        The same as <code className="md-code">dejavu sync --source &lt;folder&gt;</code> in a terminal.
      </p>
      {add.isPending ? <p role="status">Reading the folder…</p> : null}
      {add.error ? (
        <p className="warn-text" role="alert">
          Could not add that folder: {add.error.message}
        </p>
      ) : null}
      {add.data ? <Found outcome={add.data} /> : null}
    </form>
  );
}

/** What the folder held; when it held conversations the archive view replaces this one and lists them. */
function Found({ outcome }: { outcome: FolderSyncOutcome }): React.JSX.Element | null {
  if (outcome.folder === null) return null;
  const files = `${num(outcome.read)} file${outcome.read === 1 ? '' : 's'}`;
  const found = outcome.created || outcome.updated ? `: ${num(outcome.created)} new conversation(s), ${num(outcome.updated)} updated` : ' and found no conversation to archive';
  const unreadable = outcome.errors.length ? `; ${num(outcome.errors.length)} could not be read (${outcome.errors[0].path}: ${outcome.errors[0].message})` : '';
  return (
    <p role="status" data-testid="add-folder-result" className={outcome.errors.length ? 'warn-text' : undefined}>
      Read {files} in {outcome.folder}
      {found}
      {unreadable}.
    </p>
  );
}
