/**
 * TanStack Query over the contract: one hook per use, keys `[channel, params]`. What goes stale
 * is declared beside the contract (shared/invalidation.ts) and applied here alone: after each
 * write (useWrite) and on each event main sends.
 */
import { MutationCache, QueryClient, useMutation, type UseMutationOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENT_NAMES } from '../../../shared/channels';
import type { ChannelName, ContractEvents, EventName, RequestOf, ResponseOf } from '../../../shared/contract';
import { type Change, changeOfEvent, changeOfWrite, isStale, SEARCH_REFRESH_MS } from '../../../shared/invalidation';
import { call, transport } from '../transport';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: 10 * 60_000, refetchOnWindowFocus: false, retry: 1 },
  },
  // The one place a write's effect on the cache is applied (useWrite sets the channel as its key).
  mutationCache: new MutationCache({
    onSettled: (_data, _error, request, _context, mutation) => {
      const channel = mutation.options.mutationKey?.[0] as ChannelName | undefined;
      return channel ? invalidate(changeOfWrite(channel, request as never)) : undefined;
    },
  }),
});

export function keyOf<C extends ChannelName>(channel: C, params: RequestOf<C>): readonly [C, RequestOf<C>] {
  return [channel, params] as const;
}

export function channelQuery<C extends ChannelName>(channel: C, params: RequestOf<C>) {
  return { queryKey: keyOf(channel, params), queryFn: () => call(channel, params) } as const;
}

export function useChannel<C extends ChannelName>(
  channel: C,
  params: RequestOf<C>,
  options: Omit<UseQueryOptions<ResponseOf<C>, Error, ResponseOf<C>, readonly [C, RequestOf<C>]>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ ...channelQuery(channel, params), ...options });
}

/** Mark stale every cached answer the change touches (shared/invalidation.ts says which; `only` narrows them); active ones are read again. */
function invalidate(change: Change, only: (q: { queryKey: readonly unknown[] }) => boolean = () => true): Promise<void> {
  if (change.data.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const [channel, params] = q.queryKey as [ChannelName, unknown];
      return only(q) && isStale(change, channel, params);
    },
  });
}

/**
 * A write through the contract. What it changes is read again once it settles, as the table
 * says (the mutation cache does it, before the mutation resolves): views never invalidate.
 */
export function useWrite<C extends ChannelName>(channel: C, options: Omit<UseMutationOptions<ResponseOf<C>, Error, RequestOf<C>>, 'mutationKey' | 'mutationFn'> = {}) {
  return useMutation({ mutationKey: [channel], mutationFn: (request: RequestOf<C>) => call(channel, request), ...options });
}

// Searches are read again on events at most every SEARCH_REFRESH_MS (shared/invalidation.ts says why).
let searchDue: ReturnType<typeof setTimeout> | undefined;
/** When the last refresh began, and how long it took: a rare term's pages at 1M messages take seconds. */
let refreshedAt = Number.NEGATIVE_INFINITY;
let refreshTook = 0;
/** A refresh is under way: it schedules the next when it ends (unless it never does: a request left unanswered). */
let refreshing = false;
/** Which refresh is the last begun: one given up on, or overtaken by a sync's end, no longer counts when it ends. */
let refreshId = 0;
const REFRESH_GIVE_UP_MS = 30_000;
/**
 * The shown searches an event made stale since their last whole read, by query hash. TanStack's
 * own mark is not enough: any page that lands clears it, a next page (the older conversations)
 * included, though the newest were not read again.
 */
const dirty = new Set<string>();
const isSearch = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] === 'dejavu:search';

function refreshSearches(): void {
  searchDue = undefined;
  const cache = queryClient.getQueryCache();
  const shown = cache.findAll({ predicate: (q) => isSearch(q) && dirty.has(q.queryHash), type: 'active' });
  // One no longer shown is marked stale again, so it is read when shown: the fetch cancelled as it
  // was left (a query typed past) put back the state from before the event, its mark with it.
  for (const hash of dirty) {
    const q = cache.get(hash);
    if (q && !q.isActive()) void q.invalidate();
  }
  dirty.clear();
  // A whole read under way (a query just typed, a sync's end) may predate the event: read again after it.
  const readNow = shown.filter((q) => q.state.fetchStatus !== 'fetching' || q.state.fetchMeta?.fetchMore);
  for (const q of shown) if (!readNow.includes(q)) dirty.add(q.queryHash);
  if (readNow.length === 0) return void (dirty.size && (searchDue = setTimeout(refreshSearches, SEARCH_REFRESH_MS)));
  const hashes = new Set(readNow.map((q) => q.queryHash));
  const started = (refreshedAt = Date.now());
  const id = (refreshId += 1);
  refreshing = true;
  // A next page under way is cancelled (one page read for nothing); a whole read never is: on a
  // long one, cancelled at every beat, the results would never come in while an agent writes.
  void queryClient.refetchQueries({ predicate: (q) => hashes.has(q.queryHash), type: 'active' }, { cancelRefetch: true }).finally(() => {
    if (id !== refreshId) return;
    refreshing = false;
    refreshTook = Date.now() - started;
    if (dirty.size) scheduleSearchRefresh();
  });
}

/** The next refresh: a beat after the last one began, and no sooner than its own length after it ended, so searching takes at most half of the time. */
function scheduleSearchRefresh(): void {
  if (searchDue || (refreshing && Date.now() - refreshedAt < REFRESH_GIVE_UP_MS)) return;
  searchDue = setTimeout(refreshSearches, Math.max(0, refreshedAt + Math.max(SEARCH_REFRESH_MS, 2 * refreshTook) - Date.now()));
}

/** An event's change: searches marked stale now and read again on the throttle's beat, the rest at once. */
function applyEvent<E extends EventName>(event: E, payload: ContractEvents[E]): void {
  const change = changeOfEvent(event, payload);
  const ends = event === 'dejavu:sync-progress' && ('finished' in (payload as object) || 'failed' in (payload as object));
  if (ends) {
    // Every search is read again now, whole: what waited for a beat is in it.
    clearTimeout(searchDue);
    searchDue = undefined;
    refreshedAt = Date.now();
    refreshing = false;
    refreshId += 1;
    dirty.clear();
    void invalidate(change);
    return;
  }
  const searchStale = (q: { queryKey: readonly unknown[] }) => isSearch(q) && isStale(change, 'dejavu:search', q.queryKey[1]);
  const stale = queryClient.getQueryCache().findAll({ predicate: searchStale });
  if (stale.length) {
    for (const q of stale) dirty.add(q.queryHash);
    void queryClient.invalidateQueries({ predicate: searchStale, refetchType: 'none' });
    scheduleSearchRefresh();
  }
  void invalidate(change, (q) => !isSearch(q));
}

/** Apply the table to every event main sends (`dejavu:changed`, the end of a sync, …): no polling. */
export function useChangeSubscription(): void {
  useEffect(() => {
    const offs = EVENT_NAMES.map((event) => transport.subscribe(event, (payload) => applyEvent(event, payload as never)));
    return () => {
      for (const off of offs) off();
    };
  }, []);
}
