import { beforeAll, describe, expect, it } from 'vitest';
import { onThisDaySchemas } from '../../common/on-this-day';
import { ON_THIS_DAY_KINDS, ON_THIS_DAY_PER_YEAR, type OnThisDayKind, onThisDayPath } from '../../common/on-this-day-paths';
import { READ_CACHE_HEADER } from '../http/read-cache';
import { createTestApp, type TestApp } from '../testing/app';
import { testClock } from '../testing/clock';
import { buildClip, buildSong, buildStream } from '../testing/factories';
import { buildUser } from '../testing/users';

/**
 * GET /api/{media,streams,clips}/on-this-day through the real app, with the app's clock pinned to the
 * "today" each test is about. Each test uses days of its own, so their items never meet.
 */

const clock = testClock();
const t = await createTestApp({}, { now: clock.now });

const BUILD = { media: buildSong, streams: buildStream, clips: buildClip } as const;
const build = (app: TestApp, kind: OnThisDayKind, uploadedAt: string, overrides: { views?: number; unavailable?: boolean } = {}) =>
  BUILD[kind](app.db, { uploadedAt: new Date(uploadedAt), ...overrides });

async function onThisDay(app: TestApp, kind: OnThisDayKind = 'media', headers: Record<string, string> = {}) {
  const res = await app.app.inject({ url: onThisDayPath(kind), headers });
  expect(res.statusCode).toBe(200);
  const body = onThisDaySchemas[kind].parse(res.json());
  return { res, body, years: body.content.map((item) => [item.id, item.year, item.yearsAgo]) };
}

describe('GET /api/{kind}/on-this-day', () => {
  it('answers an empty list on a day nothing happened, with the day and the time zone', async () => {
    clock.set(new Date('2026-06-01T12:00:00Z'));
    for (const kind of ON_THIS_DAY_KINDS) {
      const { body } = await onThisDay(t, kind);
      expect(body).toEqual({ date: '2026-06-01', timeZone: 'UTC', content: [] });
    }
  });

  it("lists each kind's items of today's month and day in earlier years, oldest year first, in its usual shape", async () => {
    clock.set(new Date('2026-07-15T12:00:00Z'));
    for (const kind of ON_THIS_DAY_KINDS) {
      const lastYear = await build(t, kind, '2025-07-15T00:00:00Z'); // the first second of the day
      const older = await build(t, kind, '2021-07-15T23:59:59Z'); // its last
      const middle = await build(t, kind, '2024-07-15T08:00:00Z');
      // This year's, the days around it, and an item gone at its provider are not anniversaries.
      await build(t, kind, '2026-07-15T01:00:00Z');
      await build(t, kind, '2025-07-14T23:59:59Z');
      await build(t, kind, '2025-07-16T00:00:00Z');
      await build(t, kind, '2023-07-15T12:00:00Z', { unavailable: true });

      const { body, years } = await onThisDay(t, kind);
      expect(body.date).toBe('2026-07-15');
      expect(years).toEqual([
        [older.id, 2021, 5],
        [middle.id, 2024, 2],
        [lastYear.id, 2025, 1],
      ]);
      // The item as every other read shows it.
      const single = (await t.app.inject({ url: `/api/${kind}/${middle.id}` })).json();
      expect(body.content[1]).toEqual({ ...single, year: 2024, yearsAgo: 2 });
    }
  });

  it(`keeps the ${ON_THIS_DAY_PER_YEAR} most viewed of each year, most viewed first`, async () => {
    clock.set(new Date('2026-08-01T09:00:00Z'));
    const songs = [];
    for (const views of [10, 40, 20, 30]) songs.push(await build(t, 'media', '2024-08-01T10:00:00Z', { views }));
    const earlier = await build(t, 'media', '2023-08-01T10:00:00Z', { views: 1 });
    const { years } = await onThisDay(t);
    expect(years).toEqual([
      [earlier.id, 2023, 3],
      [songs[1]!.id, 2024, 2],
      [songs[3]!.id, 2024, 2],
      [songs[2]!.id, 2024, 2],
    ]);
  });

  it('is not taken for an item id by /api/{kind}/{id}, and leaves those alone', async () => {
    const song = await build(t, 'media', '2020-01-01T00:00:00Z');
    for (const kind of ON_THIS_DAY_KINDS) {
      const res = await t.app.inject({ url: `/api/${kind}/on-this-day?size=3` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('date');
    }
    expect((await t.app.inject({ url: `/api/media/${song.id}` })).json().id).toBe(song.id);
    expect((await t.app.inject({ url: '/api/media/on-this-day/recommended' })).statusCode).toBe(404);
  });

  describe('the leap day', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      for (const day of ['2020-02-29', '2024-02-28', '2024-02-29', '2026-02-28', '2026-03-01', '2027-02-28', '2027-03-01']) {
        ids[day] = (await build(t, 'media', `${day}T12:00:00Z`)).id;
      }
    });

    it('has anniversaries only in leap years', async () => {
      clock.set(new Date('2028-02-29T12:00:00Z'));
      const { body, years } = await onThisDay(t);
      expect(body.date).toBe('2028-02-29');
      expect(years).toEqual([
        [ids['2020-02-29'], 2020, 8],
        [ids['2024-02-29'], 2024, 4],
      ]);
    });

    it('is remembered on 28 February of a year without one', async () => {
      clock.set(new Date('2027-02-28T12:00:00Z'));
      expect((await onThisDay(t)).years).toEqual([
        [ids['2020-02-29'], 2020, 7],
        [ids['2024-02-28'], 2024, 3],
        [ids['2024-02-29'], 2024, 3],
        [ids['2026-02-28'], 2026, 1],
      ]);
    });

    it('keeps to its own day in a leap year', async () => {
      clock.set(new Date('2028-02-28T12:00:00Z'));
      expect((await onThisDay(t)).years).toEqual([
        [ids['2024-02-28'], 2024, 4],
        [ids['2026-02-28'], 2026, 2],
        [ids['2027-02-28'], 2027, 1],
      ]);
    });
  });
});

describe('in a time zone where the date is not UTC’s', () => {
  const tzClock = testClock();
  let nz: TestApp;
  beforeAll(async () => {
    nz = await createTestApp({ SITE_TIME_ZONE: 'Pacific/Auckland' }, { now: tzClock.now });
  });

  it("counts the site's day, not UTC's", async () => {
    // 20:00 UTC on 1 June is 08:00 on 2 June in Auckland (UTC+12 in winter).
    tzClock.set(new Date('2026-06-01T20:00:00Z'));
    const early = await build(nz, 'streams', '2025-06-01T12:00:00Z'); // 2 June, 00:00 there
    const late = await build(nz, 'streams', '2024-06-02T11:59:59Z'); // 2 June, 23:59:59 there
    await build(nz, 'streams', '2025-06-01T11:59:59Z'); // still 1 June there
    await build(nz, 'streams', '2025-06-02T12:00:00Z'); // already 3 June there
    const { body, years } = await onThisDay(nz, 'streams');
    expect(body).toMatchObject({ date: '2026-06-02', timeZone: 'Pacific/Auckland' });
    expect(years).toEqual([
      [late.id, 2024, 2],
      [early.id, 2025, 1],
    ]);
  });

  it('tells the year there too, on a New Year’s Day that is still 31 December in UTC', async () => {
    // 12:00 UTC on 31 December is 01:00 on 1 January in Auckland (UTC+13 in summer).
    tzClock.set(new Date('2026-12-31T12:00:00Z'));
    const lastNewYear = await build(nz, 'clips', '2025-12-31T11:30:00Z'); // 1 January 2026, 00:30 there
    await build(nz, 'clips', '2026-12-31T11:30:00Z'); // today there: this year's
    const { body, years } = await onThisDay(nz, 'clips');
    expect(body.date).toBe('2027-01-01');
    expect(years).toEqual([[lastNewYear.id, 2026, 1]]);
  });
});

describe('cached like the other public reads', () => {
  const cacheClock = testClock();
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ READ_CACHE_MS: '60000' }, { now: cacheClock.now });
  });

  it('keeps one answer per day in the site’s time zone: never yesterday’s after midnight', async () => {
    cacheClock.set(new Date('2025-09-09T23:59:59Z'));
    const ninth = await build(cached, 'media', '2024-09-09T10:00:00Z');
    const tenth = await build(cached, 'media', '2024-09-10T10:00:00Z');
    const first = await onThisDay(cached);
    expect(first.res.headers[READ_CACHE_HEADER]).toBe('miss');
    expect(first.res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=30');
    expect(first.res.headers.etag).toBeTruthy();
    expect(first.years).toEqual([[ninth.id, 2024, 1]]);
    expect((await onThisDay(cached)).res.headers[READ_CACHE_HEADER]).toBe('hit');

    // Two seconds later, well within the cache's minute, it is the 10th.
    cacheClock.advance(2000);
    const next = await onThisDay(cached);
    expect(next.res.headers[READ_CACHE_HEADER]).toBe('miss');
    expect(next.body.date).toBe('2025-09-10');
    expect(next.years).toEqual([[tenth.id, 2024, 1]]);

    // Its path's answers, whatever the day, go with the path's (readCache.forget).
    expect((await onThisDay(cached)).res.headers[READ_CACHE_HEADER]).toBe('hit');
    cached.app.readCache.forget(onThisDayPath('media'));
    expect((await onThisDay(cached)).res.headers[READ_CACHE_HEADER]).toBe('miss');
  });

  it('shows a logged-in viewer their liked flags, privately, from the public answer', async () => {
    cacheClock.set(new Date('2025-10-20T12:00:00Z'));
    const liked = await build(cached, 'clips', '2023-10-20T10:00:00Z', { views: 5 });
    const other = await build(cached, 'clips', '2023-10-20T11:00:00Z', { views: 1 });
    const viewer = await buildUser(cached.db);
    expect((await cached.app.inject({ method: 'POST', url: `/api/clips/${liked.id}/like`, headers: viewer.headers })).statusCode).toBe(200);

    const anonymous = await onThisDay(cached, 'clips');
    expect(anonymous.body.content.map((clip) => clip.liked)).toEqual([false, false]);
    const theirs = await onThisDay(cached, 'clips', viewer.headers);
    expect(theirs.res.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(theirs.res.headers['cache-control']).toBe('private, no-store');
    expect(theirs.body.content.map((clip) => [clip.id, clip.liked])).toEqual([
      [liked.id, true],
      [other.id, false],
    ]);
  });
});
