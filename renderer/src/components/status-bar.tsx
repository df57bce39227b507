/**
 * The bottom of the window: archive totals; what a sync is doing (files, MB, conversations, then
 * search catching up) or when the last one ran; work that failed in the background; a Sync button.
 */
import { useEffect, useState } from 'react';
import type { AppStatus } from '../../../shared/contract';
import { bytes, num } from '../lib/format';
import { useWrite } from '../lib/queries';
import { useBackgroundFailures } from '../lib/use-background-failures';
import { useSyncProgress } from '../lib/use-sync-progress';
import { FailureNotice } from './status/failure-notice';
import { SyncActivity } from './status/sync-activity';

export function StatusBar({ status }: { status: AppStatus | undefined }): React.JSX.Element {
  const sync = useWrite('dejavu:sync');
  const progress = useSyncProgress();
  const { failures, dismiss } = useBackgroundFailures(status?.recentFailures);
  useMinuteTick(); // "Synced 3 minutes ago" stays true
  const syncing = sync.isPending || progress !== undefined || status?.syncing === true;
  return (
    <footer className="status-bar" aria-label="Archive status">
      <ArchiveTotals stats={status?.stats} />
      <span className="status-spacer" />
      <FailureNotice failures={failures} onDismiss={dismiss} />
      {sync.error ? (
        <span className="status-error" role="alert">
          Sync failed: {sync.error.message}
        </span>
      ) : null}
      <SyncActivity syncing={syncing} progress={progress} last={status?.lastSync} />
      <button type="button" className="btn btn-small" onClick={() => sync.mutate({})} disabled={syncing}>
        Sync
      </button>
    </footer>
  );
}

function ArchiveTotals({ stats: s }: { stats: AppStatus['stats'] | undefined }): React.JSX.Element {
  return (
    <span className="status-stats">
      {s ? (
        <>
          <strong>{num(s.conversations)}</strong> conversations · {num(s.messages)} messages · {num(s.prompts)} prompts
          {s.sourceDeleted ? <> · {num(s.sourceDeleted)} source deleted</> : null}
          {s.blobBytes ? <> · {bytes(s.blobBytes)} attachments</> : null}
        </>
      ) : (
        'Reading archive…'
      )}
    </span>
  );
}

function useMinuteTick(): void {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
}
