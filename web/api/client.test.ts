import { describe, expect, it } from 'vitest';
import { errorSchema } from '../../common/api';
import { asErrorBody, toQueryString } from './client';

describe('asErrorBody', () => {
  it('accepts exactly what common/api.ts errorSchema accepts', () => {
    const bodies: unknown[] = [
      { statusCode: 404, error: 'Not Found', message: 'Unknown song 7' },
      { statusCode: 500, error: 'Internal Server Error', message: 'x', extra: true },
      { statusCode: 409, error: 'Conflict', message: 'Already there', link: '/playlists/3' },
      { statusCode: 409, error: 'Conflict', message: 'Already there', link: 3 },
      { statusCode: 404.5, error: 'Not Found', message: 'x' },
      { statusCode: '404', error: 'Not Found', message: 'x' },
      { statusCode: 404, message: 'x' },
      { statusCode: 404, error: 'Not Found' },
      null,
      'Bad gateway',
      [],
    ];
    for (const body of bodies) {
      const expected = errorSchema.safeParse(body);
      expect(asErrorBody(body), JSON.stringify(body)).toEqual(expected.success ? expected.data : undefined);
    }
  });
});

describe('toQueryString', () => {
  it('repeats array params and leaves out empty values', () => {
    expect(toQueryString({ providers: ['youtube', 'sound_cloud'], tags: [3], q: undefined, period: 'week', empty: '', none: null })).toBe(
      '?providers=youtube&providers=sound_cloud&tags=3&period=week',
    );
    expect(toQueryString({})).toBe('');
  });
});
