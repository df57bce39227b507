/**
 * A search as bounded pages (dejavu:search answers one at a time, main/core/search/README.md
 * "Bounded pages"): the first page shows as soon as it answers, the older ones are asked one
 * after another while the last says `more` and fewer than `limit` conversations are found.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RequestOf } from '../../../../shared/contract';
import type { SearchHit } from '../../../../shared/views';
import { keyOf } from '../../lib/queries';
import { call } from '../../transport';

type SearchRequest = RequestOf<'dejavu:search'>;

/** What a later page asks besides the query: where the last stopped, and how many conversations are still wanted. */
interface PageParam {
  readonly cursor?: number;
  readonly limit?: number;
}

export interface SearchPages {
  /** The hits found so far, newest pages last; undefined until the first page answers. */
  readonly hits: readonly SearchHit[] | undefined;
  /** Older conversations are still being searched: back to this time (ISO) so far. */
  readonly searchingBackTo: string | undefined;
  readonly error: Error | null;
  /** The hits on screen are the previous query's, until this one's first page answers. */
  readonly previous: boolean;
  readonly fetching: boolean;
}

export function useSearchPages(params: SearchRequest & { readonly limit: number }): SearchPages {
  // Typing (debounced by the caller) changes the key: the last answer stays on screen until the
  // new one comes. The page in flight for a query typed past is aborted (TanStack Query aborts a
  // fetch whose signal was taken once nothing observes its key) and no later page of it is asked:
  // only this observer's effect below asks for one.
  const search = useInfiniteQuery({
    queryKey: keyOf('dejavu:search', params),
    queryFn: ({ signal, pageParam }) => call('dejavu:search', { ...params, ...pageParam }, signal),
    initialPageParam: {} as PageParam,
    getNextPageParam: (last, pages): PageParam | undefined => {
      const found = pages.reduce((n, p) => n + p.hits.length, 0);
      return last.more && found < params.limit ? { cursor: last.more.cursor, limit: params.limit - found } : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, isPlaceholderData, fetchNextPage } = search;
  useEffect(() => {
    // cancelRefetch false: a second call while a page is in flight joins it rather than asking again.
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !isPlaceholderData) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, isPlaceholderData, fetchNextPage]);
  const pages = search.data?.pages;
  const last = pages?.[pages.length - 1];
  return {
    hits: pages?.flatMap((p) => p.hits).slice(0, params.limit),
    searchingBackTo: hasNextPage && !isFetchNextPageError && !isPlaceholderData ? last?.more?.searchedBackTo : undefined,
    error: search.error,
    previous: isPlaceholderData,
    fetching: search.isFetching,
  };
}
