/**
 * Work main runs on its own that failed (the sweep after a sync, live capture of a file), newest
 * first, from `dejavu:background-failure`, until the person dismisses them.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ContractEvents } from '../../../shared/contract';
import { transport } from '../transport';

export type BackgroundFailure = ContractEvents['dejavu:background-failure'];

/** Kept at most: the newest; older ones are in main's log. */
const KEPT = 50;

export function useBackgroundFailures(): { readonly failures: readonly BackgroundFailure[]; dismiss(): void } {
  const [failures, setFailures] = useState<readonly BackgroundFailure[]>([]);
  useEffect(() => transport.subscribe('dejavu:background-failure', (f) => setFailures((cur) => [f, ...cur].slice(0, KEPT))), []);
  const dismiss = useCallback(() => setFailures([]), []);
  return { failures, dismiss };
}
