import { describe, expect, it } from 'vitest';
import { MEDIA_PROVIDERS, STREAM_PROVIDERS } from '../../common/enums';
import {
  toCatalogueFilter,
  toFilterSearch,
  validateClipSearch,
  validateFilterSearch,
  validateHomeSearch,
  validateLikedSearch,
  validatePeriod,
  validateSearchSearch,
} from './filters';

describe('validateFilterSearch', () => {
  it('keeps known providers of the list kind, valid sources and tag ids', () => {
    expect(
      validateFilterSearch(MEDIA_PROVIDERS, {
        providers: ['youtube', 'twitch', 'bogus'],
        sources: ['nova_yt', 'nova_nope'],
        tags: ['3', 'x', '0'],
      }),
    ).toEqual({ providers: ['youtube'], sources: ['nova_yt'], tags: [3] });
    expect(validateFilterSearch(STREAM_PROVIDERS, { providers: 'twitch' }).providers).toEqual(['twitch']);
  });

  it('leaves absent keys undefined and reads an empty value as an empty list', () => {
    expect(validateFilterSearch(MEDIA_PROVIDERS, {})).toEqual({ providers: undefined, sources: undefined, tags: undefined });
    expect(validateFilterSearch(MEDIA_PROVIDERS, { providers: '' }).providers).toEqual([]);
  });

  it('reads a key of only unknown values as absent, so a screen keeps its default', () => {
    expect(validateFilterSearch(MEDIA_PROVIDERS, { providers: 'foo', tags: 'abc', sources: 'x' })).toEqual({
      providers: undefined,
      sources: undefined,
      tags: undefined,
    });
    expect(validateFilterSearch(MEDIA_PROVIDERS, { providers: ['foo', 'sound_cloud'] }).providers).toEqual(['sound_cloud']);
  });

  it("keeps only the streamer's own sources when they are known, as the server does", () => {
    const known = ['nova_yt', 'nova_music'];
    expect(validateFilterSearch(MEDIA_PROVIDERS, { sources: ['foo_music', 'nova_music'] }, known).sources).toEqual(['nova_music']);
    expect(validateFilterSearch(MEDIA_PROVIDERS, { sources: 'foo_music' }, known).sources).toBeUndefined();
    expect(validateSearchSearch({ sources: 'foo_music' }, known).sources).toBeUndefined();
  });
});

describe('filter conversions', () => {
  it('fills empty lists for the list and drops them for the URL', () => {
    const filter = toCatalogueFilter({ tags: [2] });
    expect(filter).toEqual({ providers: [], sources: [], tags: [2] });
    expect(toFilterSearch(filter)).toEqual({ providers: undefined, sources: undefined, tags: [2] });
  });
});

describe('periods and clip views', () => {
  it('drops unknown periods', () => {
    expect(validatePeriod({ period: 'WEEK' })).toBe('week');
    expect(validatePeriod({ period: 'decade' })).toBeUndefined();
  });

  it('reads the LATEST clip view as sort=latest', () => {
    expect(validateClipSearch({ period: 'six_months', sort: 'latest', clippedBy: ' dj ', tags: '4' })).toEqual({
      period: 'six_months',
      sort: 'latest',
      clippedBy: 'dj',
      tags: [4],
    });
    expect(validateClipSearch({ sort: 'top' }).sort).toBeUndefined();
  });
});

describe('validateSearchSearch', () => {
  it('accepts the search params of spec 2 and drops unknown values', () => {
    expect(validateSearchSearch({ q: ' lofi ', type: 'stream', sortBy: 'latest', lyrics: 'true', period: 'nope' })).toMatchObject({
      q: 'lofi',
      type: 'stream',
      sortBy: 'latest',
      lyrics: true,
      period: undefined,
    });
    expect(validateSearchSearch({ type: 'song', lyrics: 'yes' })).toMatchObject({ type: undefined, lyrics: undefined });
  });
});

describe('validators accept their own output', () => {
  const cases: [string, (search: Record<string, unknown>) => unknown, Record<string, unknown>][] = [
    ['filter', (s) => validateFilterSearch(MEDIA_PROVIDERS, s), { providers: ['youtube', 'nope'], sources: 'nova_sc', tags: ['3', '4'] }],
    ['clips', validateClipSearch, { period: 'week', sort: 'latest', clippedBy: 'dj', tags: '2' }],
    ['search', validateSearchSearch, { q: 'x', type: 'clip', lyrics: 'true', tags: ['5'], sortBy: 'top' }],
    ['home', validateHomeSearch, { loginSuccess: 'true' }],
    ['home (false)', validateHomeSearch, { loginSuccess: 'false' }],
  ];
  for (const [name, validate, raw] of cases) {
    it(name, () => {
      const once = validate(raw);
      expect(validate(once as Record<string, unknown>)).toEqual(once);
    });
  }
});

describe('validateLikedSearch', () => {
  it('keeps the streams and playlists tabs and drops anything else (songs is the default)', () => {
    expect(validateLikedSearch({ tab: 'streams' })).toEqual({ tab: 'streams' });
    expect(validateLikedSearch({ tab: 'playlists' })).toEqual({ tab: 'playlists' });
    expect(validateLikedSearch({ tab: 'media' })).toEqual({});
    expect(validateLikedSearch({ tab: 'clips' })).toEqual({});
    expect(validateLikedSearch({})).toEqual({});
  });
});
