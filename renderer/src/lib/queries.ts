/**
 * TanStack Query over the contract: one hook per use, keys `[channel, params]`. What goes stale
 * is declared beside the contract (shared/invalidation.ts) and applied here alone: after each
 * write (useWrite) and on each event main sends.
 */
import { MutationCache, QueryClient, useMutation, type UseMutationOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENT_NAMES } from '../../../shared/channels';
import type { ChannelName, RequestOf, ResponseOf } from '../../../shared/contract';
import { type Change, changeOfEvent, changeOfWrite, isStale } from '../../../shared/invalidation';
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

/** Mark stale every cached answer the change touches (shared/invalidation.ts says which); active ones are read again. */
function invalidate(change: Change): Promise<void> {
  if (change.data.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const [channel, params] = q.queryKey as [ChannelName, unknown];
      return isStale(change, channel, params);
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

/** Apply the table to every event main sends (`dejavu:changed`, the end of a sync, …): no polling. */
export function useChangeSubscription(): void {
  useEffect(() => {
    const offs = EVENT_NAMES.map((event) => transport.subscribe(event, (payload) => void invalidate(changeOfEvent(event, payload as never))));
    return () => {
      for (const off of offs) off();
    };
  }, []);
}
