/**
 * While a sync's search indexing lags behind what it stored (a first sync, a rebuilt search.db
 * caught up from the archive), search results say so: those conversations are browsable but not
 * found yet. The results are read again when the sync ends (shared/invalidation.ts).
 */
import { searchLagText } from '../../../../shared/sync-progress';
import { useSyncProgress } from '../../lib/use-sync-progress';

export function SearchLag(): React.JSX.Element | null {
  const progress = useSyncProgress();
  if (!progress?.unindexed) return null;
  return (
    <div className="search-progress search-lag" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {searchLagText(progress)}
    </div>
  );
}
