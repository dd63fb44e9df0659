import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { ListSource } from '../../api/list-source';
import { nextPageNumber } from '../../lib/page-size';

/**
 * Spec 4 "List" on top of useInfiniteQuery:
 * - a new source key (data source or filter) is a new query: page 1, no last-page flag, no data;
 * - a page with fewer items than the page size is the last one;
 * - loads are ignored while one is in progress or after the last page;
 * - a failed load stops loading, toasts the list's read failure and shows the error state; the next
 *   load (Load More, scrolling) retries it and clears the error when it succeeds.
 * gcTime 0 drops a list when it is left, so coming back (or back to an earlier filter) starts at page 1.
 */
export function useListPages<T>(source: ListSource<T>, size: number, failureText: string) {
  const query = useInfiniteQuery({
    queryKey: ['list', ...source.key, size],
    queryFn: ({ pageParam, signal }) => source.fetchPage({ page: pageParam, size }, signal),
    meta: { failureText },
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextPageNumber(lastPage.content.length, size, lastPageParam),
    gcTime: 0,
  });

  // The throttled scroll handler may run after a render; read the freshest state, never a stale closure.
  const latest = useRef(query);
  latest.current = query;

  const loadMore = useCallback(() => {
    const current = latest.current;
    if (current.isFetching) return;
    if (!current.data) void current.refetch();
    else if (current.hasNextPage) void current.fetchNextPage();
  }, []);

  const items = query.data?.pages.flatMap((page) => page.content) ?? [];
  const loading = query.isFetching;
  const failed = query.isError && !loading;
  return {
    items,
    loading,
    failed,
    /** No page loaded yet and one is on its way */
    initialLoading: loading && !query.data,
    canLoadMore: failed || (query.hasNextPage && !loading),
    empty: !loading && !query.isError && items.length === 0,
    loadMore,
  };
}
