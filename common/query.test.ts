import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from './constants';
import { idParams, listQuery, pagingQuery } from './query';

const parse = (query: Record<string, unknown>) => listQuery.parse(query);

describe('paging', () => {
  it('defaults to the first page of the default size', () => {
    expect(pagingQuery.parse({})).toEqual({ page: 1, size: 21 });
    expect(pagingQuery.parse({ page: '', size: '' })).toEqual({ page: 1, size: 21 });
  });

  it('clamps out-of-range numbers instead of failing', () => {
    expect(pagingQuery.parse({ page: '0', size: '10000' })).toEqual({ page: 1, size: MAX_PAGE_SIZE });
    expect(pagingQuery.parse({ page: '-3', size: '0' })).toEqual({ page: 1, size: 1 });
    expect(pagingQuery.parse({ page: '7', size: '12' })).toEqual({ page: 7, size: 12 });
  });

  it.each(['abc', '1.5', 'NaN', 'Infinity', '2abc'])('refuses page=%s naming the field', (page) => {
    const result = pagingQuery.safeParse({ page });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['page']);
    expect(result.error?.issues[0]?.message).toBe('must be a whole number');
  });

  it('refuses a malformed size naming the field', () => {
    const result = pagingQuery.safeParse({ size: 'many' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['size']);
  });
});

describe('enum filters', () => {
  it('keeps known providers and drops unknown ones', () => {
    expect(parse({ providers: ['youtube', 'myspace', 'sound_cloud'] }).providers).toEqual(['youtube', 'sound_cloud']);
    expect(parse({ providers: 'myspace' }).providers).toEqual([]);
  });

  it('reads repeated and comma-separated values alike, without duplicates', () => {
    expect(parse({ providers: 'youtube,sound_cloud' }).providers).toEqual(['youtube', 'sound_cloud']);
    expect(parse({ providers: ['youtube, twitch', 'youtube'] }).providers).toEqual(['youtube', 'twitch']);
    expect(parse({ tags: ['3,1', '7', '3'] }).tags).toEqual([3, 1, 7]);
  });

  it('keeps only positive whole tag ids', () => {
    expect(parse({ tags: 'abc,0,-1,2.5,12,,  4 ' }).tags).toEqual([12, 4]);
    expect(parse({ tags: '1234567890' }).tags).toEqual([]);
  });

  it('keeps only well-formed source values', () => {
    expect(parse({ sources: 'nova_yt,nova_sc,nova_bogus,NOVA_yt,_yt,nova_daily' }).sources).toEqual(['nova_yt', 'nova_sc', 'nova_daily']);
  });

  it('keeps a known period, sort and playlist type in any case and drops the rest', () => {
    const known = parse({ period: 'SIX_MONTHS', sort: 'Top', type: 'best_of' });
    expect([known.period, known.sort, known.type]).toEqual(['six_months', 'top', 'best_of']);
    const unknown = parse({ period: 'decade', sort: 'alphabetical', type: 'mixtape' });
    expect([unknown.period, unknown.sort, unknown.type]).toEqual([undefined, undefined, undefined]);
  });

  it('takes the first of a repeated single-valued parameter', () => {
    expect(parse({ sort: ['latest', 'top'], period: ['week', 'year'] })).toMatchObject({ sort: 'latest', period: 'week' });
  });

  it('reads every known period and sort', () => {
    for (const period of ['week', 'month', 'six_months', 'year', 'all_time']) expect(parse({ period }).period).toBe(period);
    for (const sort of ['top', 'latest', 'random', 'relevance', 'duration']) expect(parse({ sort }).sort).toBe(sort);
  });
});

describe('lyrics', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['TRUE', false],
    ['1', false],
    ['yes', false],
    [undefined, false],
  ])('lyrics=%s is %s', (lyrics, expected) => {
    expect(parse({ lyrics }).lyrics).toBe(expected);
  });
});

describe('text filters', () => {
  it('trims q and clippedBy and treats blank as absent', () => {
    expect(parse({ q: '  paper moon ', clippedBy: ' kit ' })).toMatchObject({ q: 'paper moon', clippedBy: 'kit' });
    expect(parse({ q: '   ', clippedBy: '' })).toMatchObject({ q: undefined, clippedBy: undefined });
  });

  it('caps the length of q', () => {
    expect(parse({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });

  it.each(['q', 'clippedBy'])('refuses a NUL character in %s, naming the field', (field) => {
    const result = listQuery.safeParse({ [field]: 'a\u0000b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: 'must not contain a NUL character' });
  });
});

describe('id filters', () => {
  it('reads positive ids and drops anything else', () => {
    expect(parse({ streamId: '12', playlistId: '3', mediaId: '9' })).toMatchObject({ streamId: 12, playlistId: 3, mediaId: 9 });
    expect(parse({ streamId: 'abc', playlistId: '0', mediaId: '-4' })).toMatchObject({
      streamId: undefined,
      playlistId: undefined,
      mediaId: undefined,
    });
  });
});

describe('idParams', () => {
  it('reads a positive whole id', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '2147483648', '1e3', '0x10', ''])('refuses id=%s', (id) => {
    const result = idParams.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be an id');
  });

  it('reads the largest integer id', () => {
    expect(idParams.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
  });
});
