/**
 * Work main runs on its own that failed (the sweep after a sync, live capture of a file), newest
 * first, until the person dismisses them: those main kept before this window subscribed (from
 * `dejavu:status`: a window opened or reloaded later still sees them) and each new
 * `dejavu:background-failure`.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BackgroundFailure } from '../../../shared/contract';
import { transport } from '../transport';

export type { BackgroundFailure };

/** Kept at most: the newest; older ones are in main's log. */
const KEPT = 50;

export function useBackgroundFailures(earlier: readonly BackgroundFailure[] | undefined): { readonly failures: readonly BackgroundFailure[]; dismiss(): void } {
  const [arrived, setArrived] = useState<readonly BackgroundFailure[]>([]);
  /** Failures at or before this time were dismissed (main still lists them in its status). */
  const [dismissedAt, setDismissedAt] = useState('');
  useEffect(() => transport.subscribe('dejavu:background-failure', (f) => setArrived((cur) => [f, ...cur].slice(0, KEPT))), []);
  const failures = useMemo(() => newestFirst([...arrived, ...(earlier ?? [])]).filter((f) => f.at > dismissedAt), [arrived, earlier, dismissedAt]);
  const dismiss = useCallback(() => {
    setDismissedAt((cur) => failures.reduce((max, f) => (f.at > max ? f.at : max), cur));
    setArrived([]);
  }, [failures]);
  return { failures, dismiss };
}

/** One of each (an event and the status can carry the same failure), newest first. */
function newestFirst(all: readonly BackgroundFailure[]): BackgroundFailure[] {
  const seen = new Set<string>();
  const out: BackgroundFailure[] = [];
  for (const f of all) {
    const key = `${f.at}\n${f.task}\n${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, KEPT);
}
