import { DEFAULT_STATION, PAGE_SIZE, RADIO_PATHS, RADIO_STATIONS, SHORT_PAGE_SIZE } from './constants';
import type { EntityKind } from './enums';
import type { Station } from './radio';

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
 * /radio (spec 2 "Radio"): the station's current track, whose thumbnail is the page's largest paint,
 * and the listener count. The socket's tracks then take over (web/components/radio/store.ts).
 */
export const radioReads = (station: Station) =>
  ({ current: `${RADIO_PATHS.current}?station=${station}`, listeners: RADIO_PATHS.listeners }) as const;

/**
 * The station a /radio page opens with, from its query as web/router.tsx reads it: the one named in
 * ?station=, else the default (a page loaded afresh has no station playing yet).
 */
export const radioStationOf = (query: URLSearchParams): Station =>
  RADIO_STATIONS.find((station) => station === query.get('station')) ?? DEFAULT_STATION;

/**
 * The screens on which a list's n-th card is in its first row (web/components/list/ItemList.tsx: 1
 * column, 2 from Mantine's xs, 3 from md, 4 from lg), for preloading the first row's thumbnails.
 */
export const FIRST_ROW_MEDIA = [undefined, '(min-width: 36em)', '(min-width: 62em)', '(min-width: 75em)'] as const;
