/** How far the running sync is, from `dejavu:sync-progress` (undefined: none is reporting). */
import { useEffect, useState } from 'react';
import type { SyncProgress } from '../../../shared/sync-progress';
import { transport } from '../transport';

export function useSyncProgress(): SyncProgress | undefined {
  const [progress, setProgress] = useState<SyncProgress | undefined>();
  useEffect(
    () =>
      transport.subscribe('dejavu:sync-progress', (p) => {
        setProgress('finished' in p || 'failed' in p ? undefined : p);
      }),
    [],
  );
  return progress;
}
