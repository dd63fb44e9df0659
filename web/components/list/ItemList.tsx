import { Button, Center, Loader, SimpleGrid, type SimpleGridProps, Skeleton, Stack, Text } from '@mantine/core';
import { useIntersection, useThrottledCallback, useWindowEvent } from '@mantine/hooks';
import { type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { INFINITE_SCROLL_DISTANCE, INFINITE_SCROLL_THROTTLE_MS } from '../../../common/constants';
import type { ListSource } from '../../api/list-source';
import { type PageSizeKind, pageSizeFor } from '../../lib/page-size';
import { CardEagerContext, CardHeadingContext } from '../cards/ItemCard';
import plain from '../plainList.module.css';
import { ListEmptyContext } from './empty-context';
import { useListPages } from './useListPages';

export interface ItemListProps<T extends { id: number }> {
  /** Where pages come from; a new `source.key` restarts the list */
  source: ListSource<T>;
  renderItem: (item: T) => ReactNode;
  /** Read-failure toast of spec 8, e.g. "Unable to retrieve latest songs" */
  failureText: string;
  /** Plural noun for "No {entity} found" and "An error occurred when loading {entity}" */
  entity?: string;
  /** infinite: loads as the visitor scrolls; paged: a "Load More" button; first: the first page only (a stream's top 4 clips) */
  mode?: 'infinite' | 'paged' | 'first';
  /** Page size rule of spec 9, or an exact size */
  pageSize?: PageSizeKind | number;
  cols?: SimpleGridProps['cols'];
  /**
   * The list is the page's main content, right under its h1: card titles are h2 (else h3, under a
   * section's h2), and the first row's images load at once, as they are what a visitor sees first.
   */
  main?: boolean;
}

/** common/first-reads.ts FIRST_ROW_MEDIA follows it (the thumbnails preloaded from the HTML) */
const DEFAULT_COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;
/** Cards in the widest grid's first row */
const FIRST_ROW = 4;

/** The one list of the site (spec 4 "List"): a 1 to 4 column grid that pages by scrolling or with Load More. */
export function ItemList<T extends { id: number }>({
  source,
  renderItem,
  failureText,
  entity = 'media',
  mode = 'infinite',
  pageSize = 'default',
  cols = DEFAULT_COLS,
  main = false,
}: ItemListProps<T>) {
  // Fixed when the list starts: rotating a phone must not restart a list the visitor is reading.
  const [size] = useState(() => (typeof pageSize === 'number' ? pageSize : pageSizeFor(pageSize, window.innerWidth)));
  const list = useListPages(
    source,
    size,
    failureText,
    typeof pageSize === 'number' ? pageSize : pageSizeFor(pageSize, Number.POSITIVE_INFINITY),
  );
  const onEmpty = useContext(ListEmptyContext);
  useEffect(() => onEmpty?.(list.empty), [onEmpty, list.empty]);
  // Kept while the items are: the list renders again as its pages are asked for (the HTML's first page
  // confirmed at mount, a next page), and the cards, most of its cost on a phone, need not (issue 23).
  const shown = useShownAtFirst(list.items.length);
  const cards = useMemo(
    () =>
      list.items.slice(0, shown).map((item, index) => (
        <li key={item.id}>
          <CardEagerContext value={main && index < FIRST_ROW}>{renderItem(item)}</CardEagerContext>
        </li>
      )),
    [list.items, shown, renderItem, main],
  );

  return (
    <Stack gap="md" data-testid="item-list" aria-busy={list.loading}>
      {list.items.length > 0 || list.initialLoading ? (
        <SimpleGrid component="ul" cols={cols} spacing="md" verticalSpacing="lg" className={plain.plainList}>
          <CardHeadingContext value={main ? 'h2' : 'h3'}>{cards}</CardHeadingContext>
          {list.initialLoading ? <Placeholders count={Math.min(size, 8)} /> : null}
        </SimpleGrid>
      ) : null}

      {list.loading && !list.initialLoading ? (
        <Center py="sm">
          <Loader size="sm" aria-label={`Loading more ${entity}`} />
        </Center>
      ) : null}

      {list.failed ? (
        <Text c="var(--mantine-color-error)" ta="center" role="alert" data-testid="list-error">
          An error occurred when loading {entity}
        </Text>
      ) : null}

      {list.empty ? (
        <Text c="dimmed" ta={onEmpty ? undefined : 'center'} py={onEmpty ? undefined : 'lg'} data-testid="list-empty">
          No {entity} found
        </Text>
      ) : null}

      {mode === 'paged' && list.canLoadMore ? (
        <Center>
          <Button variant="light" onClick={list.loadMore}>
            Load More
          </Button>
        </Center>
      ) : null}
      {mode === 'infinite' ? (
        // Not while the first row alone is shown: the sentinel, right under it, would ask for pages no one scrolled to.
        <ScrollSentinel onReach={list.loadMore} active={list.canLoadMore && shown >= list.items.length} retrying={list.failed} />
      ) : null}
    </Stack>
  );
}

/** Whether the app's first page has been shown: lists mounted after it render whole. */
let firstPageShown = false;

/**
 * How many of the list's items to render. On the app's first page, at the list's first render, only the
 * widest grid's first row (what a visitor sees first, and the largest image), then all of them in a
 * transition, which React builds in short slices and commits on its own, where a page of 21 cards was
 * one long task on a phone (issue 23: Lighthouse's total blocking time). What comes later lands under
 * the first row, below the fold on a phone; nothing above it moves. A list mounted later (Back to a
 * long list) renders whole at once, so its scroll position is restored.
 */
function useShownAtFirst(total: number): number {
  const [all, setAll] = useState(firstPageShown);
  useEffect(() => {
    if (all) return;
    firstPageShown = true;
    startTransition(() => setAll(true));
  }, [all]);
  return all ? total : Math.min(total, FIRST_ROW);
}

function Placeholders({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Stack component="li" key={index} gap={8} aria-hidden>
      <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" />
      <Skeleton h={16} w="85%" />
      <Skeleton h={12} w="55%" />
    </Stack>
  ));
}

interface ScrollSentinelProps {
  onReach: () => void;
  /** More pages exist (or the last load failed) */
  active: boolean;
  /** After an error, only a new scroll retries: the sentinel may already be in view */
  retrying: boolean;
}

/**
 * Infinite scroll: an element just below the grid. Distance 1 follows ngx-infinite-scroll's
 * convention (load when within 10% of the end), here within 10% of the viewport height below it;
 * loads are throttled to one per 200 ms. The observer only wakes the component up: nearness is
 * measured again before each load, because the grid may have grown since the observer reported.
 */
function ScrollSentinel({ onReach, active, retrying }: ScrollSentinelProps) {
  const element = useRef<HTMLDivElement | null>(null);
  // Its state updates re-render this component when the sentinel enters or leaves the view.
  const { ref: observe } = useIntersection<HTMLDivElement>({ rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE * 10}% 0px` });
  const isNear = () => {
    const rect = element.current?.getBoundingClientRect();
    return !!rect && rect.top <= window.innerHeight * (1 + INFINITE_SCROLL_DISTANCE / 10);
  };
  const reach = useThrottledCallback(() => {
    if (isNear()) onReach();
  }, INFINITE_SCROLL_THROTTLE_MS);

  // Runs after every render (a page arrived, the observer fired): keep loading while the end is in view.
  useEffect(() => {
    if (active && !retrying && isNear()) reach();
  });

  // After an error only a new scroll retries, even though the sentinel may already be in view.
  const retryOnScroll = () => {
    if (retrying) reach();
  };
  useWindowEvent('scroll', retryOnScroll, { passive: true });
  useWindowEvent('wheel', retryOnScroll, { passive: true });
  useWindowEvent('touchmove', retryOnScroll, { passive: true });

  // One ref callback for the component's life: a new one each render would detach and attach the
  // sentinel, making a new observer whose first report re-renders, endlessly (a list kept the page busy).
  const sentinel = useCallback(
    (node: HTMLDivElement | null) => {
      element.current = node;
      observe(node);
    },
    [observe],
  );

  return <div ref={sentinel} style={{ height: 1 }} aria-hidden />;
}
