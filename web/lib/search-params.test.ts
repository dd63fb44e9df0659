import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params';

describe('search params', () => {
  it('reads repeated keys as arrays and single keys as strings', () => {
    expect(parseSearch('?providers=youtube&providers=sound_cloud&q=123&tags=4')).toEqual({
      providers: ['youtube', 'sound_cloud'],
      q: '123',
      tags: '4',
    });
  });

  it('writes arrays as repeated keys and skips empty values', () => {
    expect(stringifySearch({ providers: ['youtube', 'sound_cloud'], tags: [3], q: undefined, period: 'week', sortBy: '' })).toBe(
      '?providers=youtube&providers=sound_cloud&tags=3&period=week',
    );
    expect(stringifySearch({ loginSuccess: false })).toBe('?loginSuccess=false');
    expect(stringifySearch({})).toBe('');
  });

  it('keeps an explicitly empty list so a default does not come back', () => {
    expect(stringifySearch({ providers: [] })).toBe('?providers=');
    expect(parseSearch('?providers=')).toEqual({ providers: '' });
  });

  it('round-trips text with reserved characters', () => {
    const search = { q: 'a&b=c d', lyrics: true };
    expect(parseSearch(stringifySearch(search))).toEqual({ q: 'a&b=c d', lyrics: 'true' });
  });
});
