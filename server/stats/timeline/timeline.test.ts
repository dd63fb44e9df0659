import { describe, expect, it } from 'vitest';
import { timelineSchema } from '../../../common/stats';
import { createTestApp } from '../../testing/app';
import { testClock } from '../../testing/clock';
import { buildClip, buildSong, buildStream, buildTag } from '../../testing/factories';
import { sqlSentBy } from '../../testing/queries';
import { STATS_TTL_MS } from '../computed';
import { periodsBetween } from './present';

const clock = testClock(new Date('2026-06-01T12:00:00Z'));
const t = await createTestApp({}, { now: clock.now });

/** A fresh answer: past the minute a computed statistic is kept (../computed.ts). */
async function timeline(query: string) {
  clock.advance(STATS_TTL_MS + 1);
  const res = await t.app.inject({ method: 'GET', url: `/api/stats/timeline${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return timelineSchema.parse(res.json());
}

const at = (iso: string) => new Date(iso);

// Uploads: November 2025 to February 2026, with December's only song unavailable and months at the
// edges of a UTC month (23:30 on the 31st is still January, 00:10 on the 1st is February).
await buildSong(t.db, { uploadedAt: at('2025-11-03T10:00:00Z') });
await buildSong(t.db, { uploadedAt: at('2025-11-20T10:00:00Z') });
await buildSong(t.db, { uploadedAt: at('2025-12-10T10:00:00Z'), unavailable: true });
await buildSong(t.db, { uploadedAt: at('2026-01-05T10:00:00Z') });
await buildSong(t.db, { uploadedAt: at('2026-01-31T23:30:00Z') });
await buildSong(t.db, { uploadedAt: at('2026-02-01T00:10:00Z') });
await buildStream(t.db, { uploadedAt: at('2025-12-15T20:00:00Z'), duration: 3600 });
await buildStream(t.db, { uploadedAt: at('2026-02-02T20:00:00Z'), duration: 7200 });
await buildStream(t.db, { uploadedAt: at('2026-02-20T20:00:00Z'), duration: 1800 });
await buildStream(t.db, { uploadedAt: at('2026-02-21T20:00:00Z'), duration: 99_999, unavailable: true });
await buildClip(t.db, { uploadedAt: at('2026-01-10T20:00:00Z') });
await buildClip(t.db, { uploadedAt: at('2026-03-10T20:00:00Z'), unavailable: true });

describe('GET /api/stats/timeline (uploads)', () => {
  it('counts available songs, streams, stream seconds and clips per UTC month, every month in between included', async () => {
    expect(await timeline('?unit=month')).toEqual({
      what: 'uploads',
      unit: 'month',
      periods: [
        { period: '2025-11', songs: 2, streams: 0, streamSeconds: 0, clips: 0 },
        { period: '2025-12', songs: 0, streams: 1, streamSeconds: 3600, clips: 0 },
        { period: '2026-01', songs: 2, streams: 0, streamSeconds: 0, clips: 1 },
        { period: '2026-02', songs: 1, streams: 2, streamSeconds: 9000, clips: 0 },
      ],
    });
  });

  it('is monthly by default', async () => {
    const body = await timeline('');
    expect(body.unit).toBe('month');
    expect(body.what).toBe('uploads');
    expect(body.periods.map((p) => p.period)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('counts per year', async () => {
    expect(await timeline('?unit=year&what=uploads')).toEqual({
      what: 'uploads',
      unit: 'year',
      periods: [
        { period: '2025', songs: 2, streams: 1, streamSeconds: 3600, clips: 0 },
        { period: '2026', songs: 3, streams: 2, streamSeconds: 9000, clips: 1 },
      ],
    });
  });

  it('computes an answer in one SQL query', async () => {
    clock.advance(STATS_TTL_MS + 1);
    const sent = await sqlSentBy(t.db, () => t.app.inject({ method: 'GET', url: '/api/stats/timeline?unit=month' }));
    expect(sent).toHaveLength(1);
  });

  it('keeps an answer for a minute, and computes it again at once after a catalogue change', async () => {
    const before = await timeline('?unit=year');
    await buildSong(t.db, { uploadedAt: at('2026-04-01T10:00:00Z') });
    const ask = async () => timelineSchema.parse((await t.app.inject({ method: 'GET', url: '/api/stats/timeline?unit=year' })).json());
    expect(await ask()).toEqual(before);
    t.catalogue.changed();
    const after = await ask();
    if (after.what !== 'uploads' || before.what !== 'uploads') throw new Error('uploads expected');
    expect(after.periods.at(-1)!.songs).toBe(before.periods.at(-1)!.songs + 1);
  });

  it('is a public read: the read cache, browsers and nginx may keep it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/timeline?unit=month' });
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.headers.etag).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/stats/timeline?unit=month',
      headers: { 'if-none-match': res.headers.etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['?unit=week', 'unit'],
    ['?unit=MONTH', 'unit'],
    ['?unit=month&unit=year', 'unit'],
    ['?what=likes', 'what'],
  ])('answers %s with a 400 naming the field', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/timeline${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toMatch(new RegExp(`^${field} `));
    expect(body.requestId).toBeTypeOf('string');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/stats/timeline?what=tags', () => {
  it('follows the ten tags most used by available songs, per year, each period ranked', async () => {
    // A test database of its own: the uploads above carry no tags, so only these songs count.
    const counts = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 3, 1];
    const names = ['Tag 01', 'Tag 02', 'Tag 03', 'Tag 04', 'Tag 05', 'Tag 06', 'Tag 07', 'Tag 08', 'Tag 09', 'Zz tie', 'Aa tie', 'Tag 12'];
    const made = [];
    for (const name of names) made.push(await buildTag(t.db, name));
    // Song j carries every tag whose count is above j; even songs came out in 2023, odd ones in 2025.
    const yearOf = (j: number) => (j % 2 === 0 ? 2023 : 2025);
    for (let j = 0; j < 12; j++) {
      const tagIds = made.filter((_, k) => counts[k]! > j).map((tag) => tag.id);
      await buildSong(t.db, { tagIds, uploadedAt: at(`${yearOf(j)}-06-0${1 + (j % 5)}T12:00:00Z`) });
    }
    await buildSong(t.db, { tagIds: [made[11]!.id], uploadedAt: at('2024-02-02T12:00:00Z'), unavailable: true });
    t.catalogue.changed();

    const body = await timeline('?unit=year&what=tags');
    if (body.what !== 'tags') throw new Error('tags expected');
    // "Aa tie" and "Zz tie" have 3 songs each: the name decides which is tenth; Tag 12 is eleventh.
    expect(body.tags.map((tag) => [tag.name, tag.count])).toEqual([
      ['Tag 01', 12],
      ['Tag 02', 11],
      ['Tag 03', 10],
      ['Tag 04', 9],
      ['Tag 05', 8],
      ['Tag 06', 7],
      ['Tag 07', 6],
      ['Tag 08', 5],
      ['Tag 09', 4],
      ['Aa tie', 3],
    ]);
    // 2024 had only an unavailable song: an empty year between two others, every tag at 0.
    expect(body.periods.map((p) => p.period)).toEqual(['2023', '2024', '2025']);
    const byName = new Map(body.tags.map((tag) => [tag.id, tag.name]));
    const ranked = (year: string) => body.periods.find((p) => p.period === year)!.tags.map((tag) => `${byName.get(tag.id)}:${tag.count}`);
    expect(ranked('2023')).toEqual([
      'Tag 01:6',
      'Tag 02:6',
      'Tag 03:5',
      'Tag 04:5',
      'Tag 05:4',
      'Tag 06:4',
      'Tag 07:3',
      'Tag 08:3',
      'Tag 09:2',
      'Aa tie:2',
    ]);
    expect(ranked('2024')).toEqual(body.tags.map((tag) => `${tag.name}:0`));
    expect(ranked('2025')).toEqual([
      'Tag 01:6',
      'Tag 02:5',
      'Tag 03:5',
      'Tag 04:4',
      'Tag 05:4',
      'Tag 06:3',
      'Tag 07:3',
      'Tag 08:2',
      'Tag 09:2',
      'Aa tie:1',
    ]);
  });

  it('counts tags per month too, in one SQL query', async () => {
    clock.advance(STATS_TTL_MS + 1);
    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const sent = await sqlSentBy(t.db, async () => {
      res = await t.app.inject({ method: 'GET', url: '/api/stats/timeline?unit=month&what=tags' });
    });
    expect(sent).toHaveLength(1);
    const body = timelineSchema.parse(res!.json());
    if (body.what !== 'tags') throw new Error('tags expected');
    expect(body.periods[0]!.period).toBe('2023-06');
    expect(body.periods.at(-1)!.period).toBe('2025-06');
    expect(body.periods).toHaveLength(25);
  });
});

describe('periodsBetween', () => {
  it('walks months across a year end and years', () => {
    expect(periodsBetween('2025-11', '2026-02', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periodsBetween('2026-03', '2026-03', 'month')).toEqual(['2026-03']);
    expect(periodsBetween('2019', '2021', 'year')).toEqual(['2019', '2020', '2021']);
  });
});
