import { PAGE_SIZE, SHORT_PAGE_SIZE } from './constants';
import type { EntityKind } from './enums';

/**
 * The API reads a page's first screen makes, as the URLs the web asks them by (web/api/client.ts
 * `apiUrl`: the list's filters, then page and size), for the pages whose HTML carries their logged-out
 * answers (server/site/page-answers.ts; web/api/page-answers.ts reads them). A list is asked at the
 * widest size any screen uses (spec 9): a narrower screen takes the head of that page.
 * web/api/first-reads.test.ts holds these to the URLs the web's own queries make.
 */

const firstPage = (path: string, filters: string, size: number) => `${path}?${filters}page=1&size=${size}`;

/** The home page (spec 2 "Home"): the live check, the last stream, and the first pages of its two short lists. */
export const HOME_READS = {
  live: '/api/live',
  lastStream: firstPage('/api/streams/latest', '', 1),
  topSongs: firstPage('/api/media/top', 'period=month&', SHORT_PAGE_SIZE.wide),
  latestSongs: firstPage('/api/media/latest', '', SHORT_PAGE_SIZE.wide),
} as const;

/** /latest without a query: its route's default provider filter (youtube). */
export const LATEST_SONGS_READ = firstPage('/api/media/latest', 'providers=youtube&', PAGE_SIZE.wide);

/** An item's own page and its details and edit pages: the item. */
export const itemRead = (kind: EntityKind, id: number) => `/api/${kind}/${id}`;

/**
 * The screens on which a list's n-th card is in its first row (web/components/list/ItemList.tsx: 1
 * column, 2 from Mantine's xs, 3 from md, 4 from lg), for preloading the first row's thumbnails.
 */
export const FIRST_ROW_MEDIA = [undefined, '(min-width: 36em)', '(min-width: 62em)', '(min-width: 75em)'] as const;
