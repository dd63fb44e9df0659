import { describe, expect, it } from 'vitest';
import { type Top, topSchema } from '../../../common/stats';
import { flipRequests, likes, radioPlays, songRequests } from '../../db/schema';
import { createTestApp } from '../../testing/app';
import { testClock } from '../../testing/clock';
import { buildClip, buildPaidSample, buildSong, buildStream } from '../../testing/factories';
import { sqlSentBy } from '../../testing/queries';
import { buildUser } from '../../testing/users';
import { STATS_TTL_MS } from '../computed';

const NOW = new Date('2026-06-01T12:00:00Z');
const clock = testClock(NOW);
const t = await createTestApp({}, { now: clock.now });
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** A fresh answer: past the minute a computed statistic is kept (../computed.ts). */
async function top<W extends Top['what']>(query: string): Promise<Extract<Top, { what: W }>> {
  clock.advance(STATS_TTL_MS + 1);
  const res = await t.app.inject({ method: 'GET', url: `/api/stats/top${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return topSchema.parse(res.json()) as Extract<Top, { what: W }>;
}

const fans = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.db)));

/** `count` likes of one item by different fans, given `daysAgo` days before now. */
async function like(kind: 'media' | 'streams' | 'clips', itemId: number, count: number, daysAgo = 1) {
  await t.db.insert(likes).values(fans.slice(0, count).map((fan) => ({ userId: fan.id, kind, itemId, createdAt: daysBefore(daysAgo) })));
}

describe('GET /api/stats/top?what=liked', () => {
  it('ranks available songs by likes, then by name, ten at most', async () => {
    const songs = [];
    for (let i = 0; i < 12; i++)
      songs.push(await buildSong(t.db, { name: `Liked ${String(i).padStart(2, '0')}`, thumbnail: `liked-${i}.jpg` }));
    // Songs 0..11 get 1, 1, 2, 2, ... likes; songs 10 and 11 are the most liked, 0 and 1 the least.
    for (const [i, song] of songs.entries()) await like('media', song.id, Math.min(6, Math.floor(i / 2) + 1));
    const hidden = await buildSong(t.db, { name: 'Gone', unavailable: true });
    await like('media', hidden.id, 6);

    const body = await top<'liked'>('?what=liked&kind=media');
    expect(body.kind).toBe('media');
    expect(body.period).toBe('all_time');
    expect(body.items).toHaveLength(10);
    expect(body.items.map((item) => [item.name, item.likes])).toEqual([
      ['Liked 10', 6],
      ['Liked 11', 6],
      ['Liked 08', 5],
      ['Liked 09', 5],
      ['Liked 06', 4],
      ['Liked 07', 4],
      ['Liked 04', 3],
      ['Liked 05', 3],
      ['Liked 02', 2],
      ['Liked 03', 2],
    ]);
    expect(body.items[0]).toEqual({ id: songs[10]!.id, name: 'Liked 10', thumbnail: 'liked-10.jpg', likes: 6 });
  });

  it('defaults to songs', async () => {
    const body = await top<'liked'>('?what=liked');
    expect(body.kind).toBe('media');
    expect(body.items[0]!.name).toBe('Liked 10');
  });

  it('ranks streams and clips, counting only likes given in the period', async () => {
    const fresh = await buildStream(t.db, { name: 'Fresh stream' });
    const old = await buildStream(t.db, { name: 'Old stream' });
    await like('streams', fresh.id, 2, 3);
    await like('streams', old.id, 5, 40);
    const clip = await buildClip(t.db, { name: 'Loved clip' });
    await like('clips', clip.id, 3, 3);

    expect((await top<'liked'>('?what=liked&kind=stream')).items.map((i) => [i.name, i.likes])).toEqual([
      ['Old stream', 5],
      ['Fresh stream', 2],
    ]);
    const month = await top<'liked'>('?what=liked&kind=stream&period=month');
    expect(month.period).toBe('month');
    expect(month.items.map((i) => [i.name, i.likes])).toEqual([['Fresh stream', 2]]);
    expect((await top<'liked'>('?what=liked&kind=clip&period=week')).items).toEqual([
      { id: clip.id, name: 'Loved clip', thumbnail: null, likes: 3 },
    ]);
  });
});

let flipCounter = 0;
/** A paid flip request as VERIFY left it: `userId` when the buyer was logged in, else a nickname only. */
async function flipRequest(username: string, userId: number | null) {
  const n = ++flipCounter;
  const [row] = await t.db
    .insert(flipRequests)
    .values({
      sid: `stats-flip-${n}`,
      videoId: `vid${n}`,
      title: `Flip ${n}`,
      author: 'Someone',
      durationSeconds: 200,
      username,
      userId,
      amountCents: 2000,
      currency: 'USD',
      expiresAt: daysBefore(-1),
    })
    .returning();
  return row!;
}

interface HistoryRow {
  videoId?: string;
  title?: string;
  username?: string;
  state?: string;
  mediaId?: number | null;
  playedAt?: Date | null;
  createdAt?: Date;
  flipRequestId?: number;
  sampleRequestId?: number;
}
async function history(row: HistoryRow) {
  const createdAt = row.createdAt ?? daysBefore(2);
  await t.db.insert(songRequests).values({
    videoId: 'none',
    title: 'A request',
    username: 'someone',
    state: 'played',
    playedAt: createdAt,
    ...row,
    createdAt,
    updatedAt: createdAt,
  });
}

describe('GET /api/stats/top?what=requested', () => {
  it('ranks videos by played requests: rejected, refunded and waiting ones do not count, nor samples', async () => {
    const song = await buildSong(t.db, { name: 'The flip' });
    await history({ videoId: 'vidAAAAAAAA', title: 'Old title', createdAt: daysBefore(30) });
    await history({ videoId: 'vidAAAAAAAA', title: 'Old title', mediaId: song.id, createdAt: daysBefore(20) });
    await history({ videoId: 'vidAAAAAAAA', title: 'New title', createdAt: daysBefore(10) });
    await history({ videoId: 'vidBBBBBBBB', title: 'Second', createdAt: daysBefore(50) });
    await history({ videoId: 'vidBBBBBBBB', title: 'Second', createdAt: daysBefore(40) });
    for (const state of ['refunded', 'refunded', 'rejected', 'refund_failed', 'queued', 'held', 'playing']) {
      await history({ videoId: 'vidBBBBBBBB', title: 'Second', state, playedAt: null });
    }
    // A tie with B at two plays, requested more recently: it comes first.
    await history({ videoId: 'vidCCCCCCCC', title: 'Third', createdAt: daysBefore(5) });
    await history({ videoId: 'vidCCCCCCCC', title: 'Third', createdAt: daysBefore(4) });
    // A sample's history row names no video.
    for (let i = 0; i < 5; i++) await history({ videoId: '', title: 'Voice sample (3.0 s)' });

    const body = await top<'requested'>('?what=requested');
    expect(body.period).toBe('all_time');
    expect(body.items).toEqual([
      { videoId: 'vidAAAAAAAA', title: 'New title', requests: 3, mediaId: song.id },
      { videoId: 'vidCCCCCCCC', title: 'Third', requests: 2, mediaId: null },
      { videoId: 'vidBBBBBBBB', title: 'Second', requests: 2, mediaId: null },
    ]);
  });

  it('counts the requests that played in the period (history from before play times: when it was made)', async () => {
    // Made long ago, played yesterday: it counts in the week.
    await history({ videoId: 'vidDDDDDDDD', title: 'Late play', createdAt: daysBefore(100), playedAt: daysBefore(1) });
    // Kept from before play times were recorded: its request time stands in.
    await history({ videoId: 'vidEEEEEEEE', title: 'Old history', createdAt: daysBefore(3), playedAt: null });
    const week = await top<'requested'>('?what=requested&period=week');
    expect(week.period).toBe('week');
    // C's two plays were 4 and 5 days ago; A's and B's are older than a week.
    expect(week.items.map((i) => [i.videoId, i.requests])).toEqual([
      ['vidCCCCCCCC', 2],
      ['vidEEEEEEEE', 1],
      ['vidDDDDDDDD', 1],
    ]);
  });
});

describe('GET /api/stats/top?what=requesters', () => {
  it('ranks logged-in requesters by played requests; anonymous and refunded requests are not counted', async () => {
    const [loyal, regular] = fans;
    // loyal: three played flips and a played sample, logged in; two refunded flips and a rejected sample do not count.
    for (let i = 0; i < 3; i++) await history({ username: 'loyal_fan', flipRequestId: (await flipRequest('loyal_fan', loyal!.id)).id });
    await history({
      username: 'loyal_fan',
      videoId: '',
      sampleRequestId: (await buildPaidSample(t.db, { userId: loyal!.id, username: 'loyal_fan' })).id,
    });
    for (let i = 0; i < 2; i++) {
      await history({
        username: 'loyal_fan',
        state: 'refunded',
        playedAt: null,
        flipRequestId: (await flipRequest('loyal_fan', loyal!.id)).id,
      });
    }
    await history({
      username: 'loyal_fan',
      state: 'rejected',
      playedAt: null,
      videoId: '',
      sampleRequestId: (await buildPaidSample(t.db, { userId: loyal!.id, username: 'loyal_fan' })).id,
    });
    // regular: two played flips, logged in.
    for (let i = 0; i < 2; i++)
      await history({ username: 'regular_fan', flipRequestId: (await flipRequest('regular_fan', regular!.id)).id });
    // A nickname alone (paid without logging in): anonymous, however often it played.
    for (let i = 0; i < 6; i++) await history({ username: 'just_a_nick', flipRequestId: (await flipRequest('just_a_nick', null)).id });
    for (let i = 0; i < 6; i++) {
      await history({
        username: 'quiet_voice',
        videoId: '',
        sampleRequestId: (await buildPaidSample(t.db, { userId: null, username: 'quiet_voice' })).id,
      });
    }

    const body = await top<'requesters'>('?what=requesters');
    const names = body.items.map((item) => item.username);
    expect(names).not.toContain('just_a_nick');
    expect(names).not.toContain('quiet_voice');
    expect(body.items.find((item) => item.username === 'loyal_fan')).toEqual({ username: 'loyal_fan', requests: 4 });
    expect(body.items.find((item) => item.username === 'regular_fan')).toEqual({ username: 'regular_fan', requests: 2 });
    // History kept from before paid requests (no flip or sample behind it) counts under its recorded name:
    // "someone", the earlier tests' requester, with their played rows.
    expect(body.items[0]).toEqual({ username: 'someone', requests: 14 });
    expect(names.indexOf('loyal_fan')).toBeLessThan(names.indexOf('regular_fan'));
  });

  it('counts the requests that played in the period, ties by name', async () => {
    await history({ username: 'early_bird', createdAt: daysBefore(400) });
    const week = await top<'requesters'>('?what=requesters&period=week');
    expect(week.items.map((item) => item.username)).not.toContain('early_bird');
    const allTime = await top<'requesters'>('?what=requesters&period=all_time');
    expect(allTime.items.find((item) => item.username === 'early_bird')).toEqual({ username: 'early_bird', requests: 1 });
  });
});

describe('GET /api/stats/top?what=radio', () => {
  it('ranks each station’s songs by plays in the last 30 days by default, ties by the latest played', async () => {
    const [a, b, c, d] = await Promise.all(['Radio A', 'Radio B', 'Radio C', 'Radio D'].map((name) => buildSong(t.db, { name })));
    const play = (station: string, mediaId: number, daysAgo: number) =>
      t.db.insert(radioPlays).values({ station, cycle: 0, mediaId, startedAt: daysBefore(daysAgo) });
    for (const days of [1, 2, 3]) await play('top', a!.id, days);
    await play('top', b!.id, 5);
    await play('top', c!.id, 2);
    // Played often, but more than 30 days ago.
    for (const days of [31, 40, 50, 60]) await play('top', d!.id, days);
    await play('everything', d!.id, 1);

    const body = await top<'radio'>('?what=radio');
    expect(body.period).toBe('month');
    expect(body.stations).toEqual([
      {
        station: 'top',
        items: [
          { id: a!.id, name: 'Radio A', thumbnail: null, plays: 3 },
          { id: c!.id, name: 'Radio C', thumbnail: null, plays: 1 },
          { id: b!.id, name: 'Radio B', thumbnail: null, plays: 1 },
        ],
      },
      { station: 'everything', items: [{ id: d!.id, name: 'Radio D', thumbnail: null, plays: 1 }] },
    ]);
    const allTime = await top<'radio'>('?what=radio&period=all_time');
    expect(allTime.stations[0]!.items.map((item) => [item.name, item.plays])).toEqual([
      ['Radio D', 4],
      ['Radio A', 3],
      ['Radio C', 1],
      ['Radio B', 1],
    ]);
  });

  it('keeps ten songs per station', async () => {
    for (let i = 0; i < 12; i++) {
      const song = await buildSong(t.db, { name: `Everything ${i}` });
      await t.db.insert(radioPlays).values({ station: 'everything', cycle: 0, mediaId: song.id, startedAt: daysBefore(1) });
    }
    const body = await top<'radio'>('?what=radio&period=week');
    expect(body.stations.map((s) => [s.station, s.items.length])).toEqual([
      ['top', 3],
      ['everything', 10],
    ]);
  });
});

describe('GET /api/stats/top: the request', () => {
  it.each(['liked&kind=clip&period=year', 'requested', 'requesters&period=month', 'radio'])(
    'computes what=%s in one SQL query',
    async (query) => {
      clock.advance(STATS_TTL_MS + 1);
      const sent = await sqlSentBy(t.db, () => t.app.inject({ method: 'GET', url: `/api/stats/top?what=${query}` }));
      expect(sent).toHaveLength(1);
    },
  );

  it('keeps a list for a minute', async () => {
    const first = await top<'requested'>('?what=requested&period=year');
    await history({ videoId: 'vidFFFFFFFF', title: 'Newest', createdAt: daysBefore(1) });
    const again = topSchema.parse((await t.app.inject({ method: 'GET', url: '/api/stats/top?what=requested&period=year' })).json());
    expect(again).toEqual(first);
    clock.advance(STATS_TTL_MS + 1);
    const later = topSchema.parse((await t.app.inject({ method: 'GET', url: '/api/stats/top?what=requested&period=year' })).json());
    expect(later).not.toEqual(first);
  });

  it('is a public read: the read cache, browsers and nginx may keep it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/top?what=radio' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.headers.etag).toBeDefined();
  });

  it.each([
    ['', 'what'],
    ['?what=playlists', 'what'],
    ['?what=liked&kind=playlist', 'kind'],
    ['?what=radio&period=decade', 'period'],
    ['?what=requested&period=', 'period'],
  ])('answers %s with a 400 naming the field', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/top${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toMatch(new RegExp(`^${field} `));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('documents both stats calls and their parameters in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const names = (path: string) => (doc.paths[path].get.parameters as { name: string }[]).map((p) => p.name).sort();
    expect(names('/api/stats/timeline')).toEqual(['unit', 'what']);
    expect(names('/api/stats/top')).toEqual(['kind', 'period', 'what']);
  });
});
