import { PAGE_SIZE, PLAYLIST_PAGE_SIZE, SHORT_PAGE_SIZE } from '../../common/constants';

/** Page sizes of spec section 9, chosen by the screen width when a list starts. */
export type PageSizeKind = 'default' | 'short' | 'playlist';

export function pageSizeFor(kind: PageSizeKind, screenWidth: number): number {
  switch (kind) {
    case 'short':
      return screenWidth < SHORT_PAGE_SIZE.breakpoint ? SHORT_PAGE_SIZE.narrow : SHORT_PAGE_SIZE.wide;
    case 'playlist':
      return PLAYLIST_PAGE_SIZE;
    default:
      return screenWidth < PAGE_SIZE.breakpoint ? PAGE_SIZE.narrow : PAGE_SIZE.wide;
  }
}

/**
 * Spec 4 "List": a page with fewer items than the page size is the last one. Returns the next page
 * number, or undefined when there is none (TanStack Query's "no next page").
 */
export function nextPageNumber(lastPageItems: number, pageSize: number, lastPageNumber: number): number | undefined {
  return lastPageItems < pageSize ? undefined : lastPageNumber + 1;
}
