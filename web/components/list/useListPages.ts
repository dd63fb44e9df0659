import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Page } from '../../../common/api';
import type { ListSource } from '../../api/list-source';
import { takePageAnswer, unconfirmed } from '../../api/page-answers';
import { nextPageNumber } from '../../lib/page-size';

/**
 * Spec 4 "List" on top of useInfiniteQuery:
 * - a new source key (data source or filter) is a new query: page 1, no last-page flag, no data;
 * - a page with fewer items than the page size is the last one;
 * - loads are ignored while one is in progress or after the last page;
 * - a failed load stops loading, toasts the list's read failure and shows the error state; the next
 *   load (Load More, scrolling) retries it and clears the error when it succeeds.
 *
 * A list's pages belong to the history entry it was opened on (issue 24 item 4): a new navigation to
 * the page is a new entry, so it starts at page 1, while Back or Forward to the entry finds its pages
 * still in the cache (LIST_GC_TIME) and shows them in the first render, before the router restores
 * the scroll position. They are not fetched again then (unless invalidated): the visitor returns to
 * what they left.
 *
 * A list whose first page the page's HTML carries (web/api/page-answers.ts) starts from it, marked as
 * old, and asks the API for it at once behind the cards it shows; the server writes it at the widest
 * size a screen asks (`widest`), of which a narrower screen takes the head: the same items its own page 1 has.
 */
/** How long a left list's pages stay for Back and Forward */
export const LIST_GC_TIME = 15 * 60_000;

export function useListPages<T>(source: ListSource<T>, size: number, failureText: string, widest = size) {
  // The entry the list was mounted on; read once: the location moves on before the page unmounts.
  const router = useRouter();
  const [entry] = useState(() => router.latestLocation.state.__TSR_key ?? '');
  return useEntryListPages(source, size, failureText, entry, widest);
}

function firstPageFromHtml<T>(source: ListSource<T>, size: number, widest: number): InfiniteData<Page<T>, number> | undefined {
  const page = takePageAnswer<Page<T>>(source.url({ page: 1, size: widest }));
  return page && { pages: [{ ...page, content: page.content.slice(0, size), size }], pageParams: [1] };
}

function useEntryListPages<T>(source: ListSource<T>, size: number, failureText: string, entry: string, widest: number) {
  const query = useInfiniteQuery({
    queryKey: ['list', ...source.key, size, entry],
    queryFn: ({ pageParam, signal }) => source.fetchPage({ page: pageParam, size }, signal),
    meta: { failureText },
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextPageNumber(lastPage.content.length, size, lastPageParam),
    gcTime: LIST_GC_TIME,
    initialData: () => firstPageFromHtml(source, size, widest),
    initialDataUpdatedAt: 0,
    // Back to the entry: its pages as they were, unless a change (an approval) invalidated them; the page's HTML's: at once.
    refetchOnMount: (query) => query.state.isInvalidated || query.state.dataUpdatedAt === 0,
  });

  // The throttled scroll handler may run after a render; read the freshest state, never a stale closure.
  const latest = useRef(query);
  latest.current = query;

  const loadMore = useCallback(() => {
    const current = latest.current;
    if (current.isFetching) return;
    if (!current.data || unconfirmed(current)) void current.refetch();
    else if (current.hasNextPage) void current.fetchNextPage();
  }, []);

  // A first page from the HTML that the API failed to confirm is not shown: the list failed (and Load More retries it).
  const failedFirst = unconfirmed(query);
  // The same array while the pages are (ItemList keeps its cards by it).
  const items = useMemo(() => (failedFirst ? [] : (query.data?.pages.flatMap((page) => page.content) ?? [])), [failedFirst, query.data]);
  // Asking again for pages already shown (the HTML's, an invalidated list's) shows them meanwhile, with no spinner.
  const loading = query.isFetching && (failedFirst || !query.isRefetching);
  const failed = query.isError && !loading;
  return {
    items,
    loading,
    failed,
    /** No page loaded yet and one is on its way */
    initialLoading: loading && (!query.data || failedFirst),
    canLoadMore: failed || (query.hasNextPage && !loading),
    empty: !loading && !query.isError && items.length === 0,
    loadMore,
  };
}
