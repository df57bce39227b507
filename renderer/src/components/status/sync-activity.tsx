/** What syncing is doing now (files, MB, conversations, then search catching up), or when the last sync ran. */
import type { AppStatus } from '../../../../shared/contract';
import { onlyIndexing, progressText, type SyncProgress } from '../../../../shared/sync-progress';
import { ago } from '../../lib/format';

export function SyncActivity({ syncing, progress, last }: { syncing: boolean; progress: SyncProgress | undefined; last: AppStatus['lastSync'] }): React.JSX.Element {
  if (syncing || progress) {
    // By bytes, which is what takes the time; search's catching up has no known end.
    const pct = progress && progress.bytesTotal > 0 && !onlyIndexing(progress) ? Math.round((progress.bytesDone / progress.bytesTotal) * 100) : undefined;
    return (
      <span className="status-sync" role="status" aria-live="polite">
        <span className="progress" aria-hidden="true">
          <span className={`progress-bar ${pct === undefined ? 'indeterminate' : ''}`} style={pct === undefined ? undefined : { width: `${pct}%` }} />
        </span>
        {progress ? progressText(progress) : 'Syncing…'}
      </span>
    );
  }
  return (
    <span className="status-sync" role="status" aria-live="polite">
      {last ? (
        <span title={new Date(last.at).toLocaleString()}>
          Synced {last.folder ? `${last.folder} ` : ''}
          {ago(last.at)}
          {last.outcome.created || last.outcome.updated ? ` · ${last.outcome.created} new, ${last.outcome.updated} updated` : ''}
          {last.outcome.errors.length ? ` · ${last.outcome.errors.length} unreadable` : ''}
        </span>
      ) : (
        'Not synced in this session'
      )}
    </span>
  );
}
