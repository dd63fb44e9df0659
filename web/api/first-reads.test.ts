import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, RADIO_PATHS, SHORT_PAGE_SIZE } from '../../common/constants';
import { HOME_READS, LATEST_SONGS_READ, radioReads, radioStationOf } from '../../common/first-reads';
import { toCatalogueFilter } from '../lib/filters';
import { mediaLists } from './catalogue';
import { apiUrl } from './client';
import { LIVE_URL } from './site';
import { LAST_STREAM_URL } from './streams';

/**
 * The server writes a page's first answers under the URLs of common/first-reads.ts; the web takes
 * them by the URLs its queries ask. A difference would go unnoticed (the query would just ask the API),
 * so the two are held equal here.
 */
describe('the first reads the HTML carries are the URLs the web asks', () => {
  it("home's: the live check, the last stream and the first pages of its short lists at the wide size", () => {
    const firstPage = { page: 1, size: SHORT_PAGE_SIZE.wide };
    expect(HOME_READS).toEqual({
      live: LIVE_URL,
      lastStream: LAST_STREAM_URL,
      topSongs: mediaLists.top('month').url(firstPage),
      latestSongs: mediaLists.latest().url(firstPage),
    });
  });

  it("/latest's: the route's default youtube filter, at the wide size", () => {
    expect(LATEST_SONGS_READ).toBe(mediaLists.latest(toCatalogueFilter({ providers: ['youtube'] })).url({ page: 1, size: PAGE_SIZE.wide }));
  });

  it("/radio's: the station's current track (components/radio/page-track.ts) and the listener count, the station as the route reads it", () => {
    for (const station of ['top', 'everything'] as const) {
      expect(radioReads(station)).toEqual({ current: apiUrl(RADIO_PATHS.current, { station }), listeners: apiUrl(RADIO_PATHS.listeners) });
    }
    expect(radioStationOf(new URLSearchParams('station=everything'))).toBe('everything');
    expect(radioStationOf(new URLSearchParams(''))).toBe('top');
    expect(radioStationOf(new URLSearchParams('station=jazz'))).toBe('top');
  });
});
