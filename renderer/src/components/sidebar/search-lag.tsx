/**
 * While a sync's search indexing lags behind what it stored (a first sync, a rebuilt search.db
 * caught up from the archive), search results say so: those conversations are browsable but not
 * found yet. The results are read again when the sync ends (shared/invalidation.ts).
 */
import { useSyncProgress } from '../../lib/use-sync-progress';

const grouped = new Intl.NumberFormat('en-US');

export function SearchLag(): React.JSX.Element | null {
  const progress = useSyncProgress();
  const lag = progress?.unindexed ?? 0;
  if (lag === 0) return null;
  return (
    <div className="search-progress search-lag" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Search is catching up: {grouped.format(lag)} conversation{lag === 1 ? '' : 's'} not searchable yet
    </div>
  );
}
