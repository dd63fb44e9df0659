import { describe, expect, it } from 'vitest';
import { validateSearchSearch } from './filters';
import {
  canonicalSearch,
  isSearchFilterActive,
  SEARCH_TYPE_INFO,
  searchCall,
  searchState,
  searchTitle,
  sortOptions,
  switchSearchType,
  withCatalogueFilter,
  withClipFilter,
  withLyrics,
  withPeriod,
  withQuery,
  withSort,
} from './search';

const TAGS = [
  { id: 1, name: 'Acoustic' },
  { id: 4, name: 'Ballad' },
  { id: 9, name: 'Jazz' },
];

describe('searchState', () => {
  it('applies the defaults of spec 9: type media, sort relevance', () => {
    expect(searchState({})).toEqual({
      type: 'media',
      sort: 'relevance',
      q: undefined,
      filter: { providers: [], sources: [], tags: [] },
      clippedBy: undefined,
      period: undefined,
      lyrics: false,
    });
  });

  it('keeps only what applies to the type', () => {
    const search = validateSearchSearch({
      type: 'stream',
      providers: ['twitch', 'sound_cloud'],
      lyrics: 'true',
      clippedBy: 'wren',
      sources: 'nova_yt',
    });
    const state = searchState(search);
    expect(state.filter.providers).toEqual(['twitch']);
    expect(state.filter.sources).toEqual(['nova_yt']);
    expect(state.lyrics).toBe(false);
    expect(state.clippedBy).toBeUndefined();

    const clip = searchState(
      validateSearchSearch({ type: 'clip', providers: 'twitch', sources: 'nova_twitch', clippedBy: 'wren', tags: '3' }),
    );
    expect(clip.filter).toEqual({ providers: [], sources: [], tags: [3] });
    expect(clip.clippedBy).toBe('wren');

    expect(searchState(validateSearchSearch({ lyrics: 'true' })).lyrics).toBe(true);
    expect(searchState(validateSearchSearch({ lyrics: 'yes' })).lyrics).toBe(false);
  });

  it('reads all_time as no period', () => {
    expect(searchState({ period: 'all_time' }).period).toBeUndefined();
    expect(searchState({ period: 'week' }).period).toBe('week');
  });
});

describe('searchCall', () => {
  it('calls the kind of the tab with q, sort and the filters', () => {
    expect(searchCall(searchState({ q: 'neon', tags: [3], lyrics: true, period: 'year' }))).toEqual({
      path: '/api/media',
      params: {
        q: 'neon',
        sort: 'relevance',
        providers: [],
        sources: [],
        tags: [3],
        period: 'year',
        lyrics: true,
        clippedBy: undefined,
      },
    });
    expect(searchCall(searchState({ type: 'clip', clippedBy: 'wren', sortBy: 'top' }))).toMatchObject({
      path: '/api/clips',
      params: { sort: 'top', clippedBy: 'wren', lyrics: undefined },
    });
    expect(searchCall(searchState({ type: 'playlist' })).path).toBe('/api/playlists');
    expect(searchCall(searchState({ type: 'stream' })).path).toBe('/api/streams');
  });
});

describe('switchSearchType', () => {
  it('carries the query, tags, sort and period over and drops what the new type lacks', () => {
    const search = {
      q: 'neon',
      tags: [3],
      sortBy: 'top' as const,
      period: 'week' as const,
      providers: ['sound_cloud' as const],
      lyrics: true,
    };
    expect(switchSearchType(search, 'stream')).toEqual({
      type: 'stream',
      q: 'neon',
      sortBy: 'top',
      period: 'week',
      tags: [3],
      providers: undefined,
      sources: undefined,
      lyrics: undefined,
      clippedBy: undefined,
    });
    expect(switchSearchType(search, 'playlist').providers).toEqual(['sound_cloud']);
    expect(switchSearchType({ type: 'clip', clippedBy: 'wren', q: 'x' }, 'media')).toMatchObject({ type: undefined, clippedBy: undefined });
    expect(switchSearchType({ clippedBy: 'wren', sources: ['nova_yt'] }, 'clip')).toMatchObject({ type: 'clip', sources: undefined });
  });
});

describe('URL updates', () => {
  it('leaves defaults and empty values out of the URL', () => {
    expect(withSort({ q: 'a', sortBy: 'top' }, 'relevance')).toEqual({ q: 'a', sortBy: undefined });
    expect(withSort({}, 'random').sortBy).toBe('random');
    expect(withPeriod({ period: 'week' }, 'any').period).toBeUndefined();
    expect(withPeriod({}, 'month').period).toBe('month');
    expect(withQuery({ q: 'a' }, '   ').q).toBeUndefined();
    expect(withQuery({}, ' neon ').q).toBe('neon');
    expect(withLyrics({ lyrics: true }, false).lyrics).toBeUndefined();
    expect(withLyrics({}, true).lyrics).toBe(true);
  });

  it('writes the filter bar and the clip filter', () => {
    expect(withCatalogueFilter({ q: 'a' }, { providers: ['youtube'], sources: [], tags: [2, 5] })).toEqual({
      q: 'a',
      providers: ['youtube'],
      sources: undefined,
      tags: [2, 5],
    });
    expect(withClipFilter({ type: 'clip', tags: [1] }, { clippedBy: '  wren ', tags: [] })).toEqual({
      type: 'clip',
      clippedBy: 'wren',
      tags: undefined,
    });
  });
});

describe('canonicalSearch', () => {
  it('orders the params the same way whatever changed them, without absent ones', () => {
    const search = canonicalSearch({ lyrics: true, tags: [2], sortBy: 'top', type: 'media', q: 'neon', providers: undefined });
    expect(Object.keys(search)).toEqual(['q', 'type', 'sortBy', 'tags', 'lyrics']);
  });
});

describe('searchTitle', () => {
  it('is the query text, else the tag names in the URL order', () => {
    expect(searchTitle('neon', [9], TAGS)).toBe('neon');
    expect(searchTitle(undefined, [9, 1], TAGS)).toBe('Jazz, Acoustic');
    expect(searchTitle(undefined, [9, 77], TAGS)).toBe('Jazz');
    expect(searchTitle(undefined, [9], undefined)).toBeUndefined();
    expect(searchTitle(undefined, [], TAGS)).toBeUndefined();
  });
});

describe('options', () => {
  it('labels every sort, with the playlist duration as its number of songs', () => {
    expect(sortOptions('media').map((o) => o.value)).toEqual(['relevance', 'latest', 'top', 'duration', 'random']);
    expect(sortOptions('playlist').find((o) => o.value === 'duration')?.label).toBe('Most songs');
    expect(SEARCH_TYPE_INFO.clip.failureText).toBe('Unable to retrieve clips');
  });

  it('marks the filter as applied per type', () => {
    expect(isSearchFilterActive(searchState({ providers: ['youtube'] }))).toBe(true);
    expect(isSearchFilterActive(searchState({ type: 'clip', providers: ['twitch'] }))).toBe(false);
    expect(isSearchFilterActive(searchState({ type: 'clip', clippedBy: 'wren' }))).toBe(true);
  });
});
