/** The empty archive: what Déjà Vu does, how to fill it from here (Sync, or add a folder), and what the last sync found. */
import type { AppStatus } from '../../../shared/contract';
import { num } from '../lib/format';
import { AddFolder } from './add-folder';
import { LookedInList } from './looked-in';
import { transport } from '../transport';
import { EmptyState } from './states';

export function FirstRun({ status }: { status: AppStatus }): React.JSX.Element {
  // A folder the person added reports itself in Add a folder: this says what the homes' sync found.
  const last = status.lastSync?.folder ? undefined : status.lastSync?.outcome;
  // Only the desktop app has a tray icon; the browser view (dejavu serve) has the Sync button.
  const desktop = transport.kind === 'electron';
  return (
    <EmptyState title="No conversations yet" icon="↺">
      <p>Déjà Vu keeps every conversation you have with a coding agent — Claude Code, Codex, Gemini CLI and more — even after the agent deletes its own files.</p>
      <p>
        Press <strong>Sync</strong> below{desktop ? ', or choose Sync Now from the tray icon,' : ''} to archive what is on this machine, or run <code className="md-code">dejavu sync</code> in a
        terminal. It reads the agents’ own session folders in your home (such as <code className="md-code">~/.claude/projects</code> and{' '}
        <code className="md-code">~/.codex/sessions</code>).
      </p>
      {last ? (
        <p role="status" data-testid="first-run-last-sync">
          The last sync read {num(last.read)} file{last.read === 1 ? '' : 's'} and found no conversation to archive
          {last.errors.length ? `; ${last.errors.length} could not be read (${last.errors[0].path}: ${last.errors[0].message})` : ''}.
        </p>
      ) : null}
      {/* Before the long list of where the sync looked, so it is seen without scrolling. */}
      <AddFolder />
      {last?.looked?.length ? <LookedInList looked={last.looked} /> : null}
    </EmptyState>
  );
}
