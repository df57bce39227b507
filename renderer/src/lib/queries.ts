/**
 * TanStack Query over the contract: one hook per use, keys `[channel, params]`, and one
 * subscription to `dejavu:changed` that invalidates what a change can touch (no polling).
 */
import { QueryClient, useQuery, type UseQueryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChannelName, RequestOf, ResponseOf } from '../../../shared/contract';
import { call, transport } from '../transport';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: 10 * 60_000, refetchOnWindowFocus: false, retry: 1 },
  },
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

/** Channels whose answers depend on which conversations exist (lists, counts, search). */
const ARCHIVE_WIDE: readonly ChannelName[] = ['dejavu:status', 'dejavu:tree', 'dejavu:conversations', 'dejavu:search', 'dejavu:plans', 'dejavu:timeline'];

/** Invalidate the queries a `dejavu:changed` event can make stale. */
export function useChangeSubscription(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offChanged = transport.subscribe('dejavu:changed', ({ conversations }) => {
      for (const channel of ARCHIVE_WIDE) void client.invalidateQueries({ queryKey: [channel] });
      const changed = new Set(conversations);
      void client.invalidateQueries({
        predicate: (q) => {
          const [channel, params] = q.queryKey as [string, { id?: string } | undefined];
          return (channel === 'dejavu:conversation' || channel === 'dejavu:messages') && params?.id !== undefined && changed.has(params.id);
        },
      });
    });
    const offProgress = transport.subscribe('dejavu:sync-progress', (p) => {
      if (!('finished' in p)) return;
      void client.invalidateQueries({ queryKey: ['dejavu:status'] });
      // The census walks every agent home: looked at again after a sync, not after each live append.
      void client.invalidateQueries({ queryKey: ['dejavu:doctor'] });
    });
    return () => {
      offChanged();
      offProgress();
    };
  }, [client]);
}
