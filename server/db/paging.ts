import type { Page } from '../../common/api';

/**
 * Offset paging, the one way every list answers `{content, page, size, totalElements, totalPages,
 * last}` (page is 1-based). A page reads one row more than it shows: that row tells whether this is
 * the last page, so a short page needs no count at all, and `last` never rests on a count that may
 * be cached or stale.
 */

export interface PageRequest {
  page: number;
  size: number;
}

export interface RowPage<R> {
  rows: R[];
  page: number;
  size: number;
  total: number;
  /** Decided from the page itself (one extra row fetched), never from a possibly cached total. */
  last: boolean;
}

/** LIMIT and OFFSET of a page, the LIMIT including the extra row. */
export function pageWindow(paging: PageRequest): { limit: number; offset: number } {
  return { limit: paging.size + 1, offset: (paging.page - 1) * paging.size };
}

export const emptyPage = <R>(paging: PageRequest): RowPage<R> => ({ rows: [], page: paging.page, size: paging.size, total: 0, last: true });

/**
 * One page: `read` gets the window of `pageWindow`; `count` (which may answer from a cache) is asked
 * only when the page cannot prove the total itself, i.e. when it is full or past the end.
 */
export async function readPage<R>(
  paging: PageRequest,
  read: (window: { limit: number; offset: number }) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<RowPage<R>> {
  const window = pageWindow(paging);
  const rows = await read(window);
  const hasMore = rows.length > paging.size;
  const pageRows = hasMore ? rows.slice(0, paging.size) : rows;
  let total: number;
  if (!hasMore && (pageRows.length > 0 || paging.page === 1)) {
    total = window.offset + pageRows.length;
  } else {
    // A cached count can lag behind the table; never report fewer than what this page proves exists.
    // An empty page (past the end) proves nothing about the rows before its offset.
    const proven = pageRows.length > 0 ? window.offset + pageRows.length + (hasMore ? 1 : 0) : 0;
    total = Math.max(await count(), proven);
  }
  return { rows: pageRows, page: paging.page, size: paging.size, total, last: !hasMore };
}

/** The API's page answer. */
export function presentPage<R, T>(page: RowPage<R>, present: (row: R) => T): Page<T> {
  return {
    content: page.rows.map(present),
    page: page.page,
    size: page.size,
    totalElements: page.total,
    totalPages: Math.ceil(page.total / page.size),
    last: page.last,
  };
}
