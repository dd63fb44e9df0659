import { describe, expect, it } from 'vitest';
import type { Page } from '../../common/api';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag, daysAgo } from '../testing/factories';

const t = await createTestApp();

async function ids(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return (res.json() as Page<{ id: number }>).content.map((item) => item.id);
}

/** Three songs under a fresh tag whose upload order, views and durations all disagree. */
async function threeSongs() {
  const tag = await buildTag(t.db);
  const old = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(20), views: 500, duration: 200 });
  const mid = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(10), views: 10, duration: 600 });
  const recent = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(1), views: 90, duration: 30 });
  return { tag, old: old.id, mid: mid.id, recent: recent.id };
}

describe('sort on /api/media', () => {
  it('defaults to latest: newest upload first', async () => {
    const s = await threeSongs();
    expect(await ids(`/api/media?tags=${s.tag.id}`)).toEqual([s.recent, s.mid, s.old]);
    expect(await ids(`/api/media?tags=${s.tag.id}&sort=latest`)).toEqual([s.recent, s.mid, s.old]);
  });

  it('top ranks by views', async () => {
    const s = await threeSongs();
    expect(await ids(`/api/media?tags=${s.tag.id}&sort=top`)).toEqual([s.old, s.recent, s.mid]);
  });

  it('duration puts the longest first', async () => {
    const s = await threeSongs();
    expect(await ids(`/api/media?tags=${s.tag.id}&sort=duration`)).toEqual([s.mid, s.old, s.recent]);
  });

  it('relevance without a text query falls back to newest first', async () => {
    const s = await threeSongs();
    expect(await ids(`/api/media?tags=${s.tag.id}&sort=relevance`)).toEqual([s.recent, s.mid, s.old]);
  });

  it('reads the sort in any case and drops an unknown sort', async () => {
    const s = await threeSongs();
    expect(await ids(`/api/media?tags=${s.tag.id}&sort=TOP`)).toEqual([s.old, s.recent, s.mid]);
    expect(await ids(`/api/media?tags=${s.tag.id}&sort=alphabetical`)).toEqual([s.recent, s.mid, s.old]);
  });

  it('breaks ties by newest id so pages stay stable', async () => {
    const tag = await buildTag(t.db);
    const when = daysAgo(4);
    const a = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: when, views: 5 });
    const b = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: when, views: 5 });
    const c = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: when, views: 5 });
    for (const sort of ['latest', 'top', 'duration']) {
      const pages = [
        ...(await ids(`/api/media?tags=${tag.id}&sort=${sort}&size=2&page=1`)),
        ...(await ids(`/api/media?tags=${tag.id}&sort=${sort}&size=2&page=2`)),
      ];
      expect(pages, sort).toEqual([c.id, b.id, a.id]);
    }
  });
});

describe('random sort', () => {
  it('is the same order on every call and pages without overlap or gaps', async () => {
    const tag = await buildTag(t.db);
    const all = [];
    for (let i = 0; i < 12; i++) all.push((await buildSong(t.db, { tagIds: [tag.id] })).id);
    const whole = await ids(`/api/media?tags=${tag.id}&sort=random&size=100`);
    expect(await ids(`/api/media?tags=${tag.id}&sort=random&size=100`)).toEqual(whole);
    const paged = [];
    for (const page of [1, 2, 3]) paged.push(...(await ids(`/api/media?tags=${tag.id}&sort=random&size=5&page=${page}`)));
    expect(paged).toEqual(whole);
    expect([...paged].sort((a, b) => a - b)).toEqual(all);
    // Twelve items in id order by chance is a 1 in 479,001,600 event.
    expect(whole).not.toEqual(all);
    expect(whole).not.toEqual([...all].reverse());
  });

  it('works for every kind', async () => {
    const tag = await buildTag(t.db);
    for (let i = 0; i < 3; i++) {
      await buildStream(t.db, { tagIds: [tag.id] });
      await buildPlaylist(t.db, { tagIds: [tag.id] });
      await buildClip(t.db, { tagIds: [tag.id] });
    }
    for (const kind of ['streams', 'playlists', 'clips']) {
      const first = await ids(`/api/${kind}?tags=${tag.id}&sort=random`);
      expect(first, kind).toHaveLength(3);
      expect(await ids(`/api/${kind}?tags=${tag.id}&sort=random`), kind).toEqual(first);
    }
  });
});

describe('/latest', () => {
  it('is always newest first, whatever sort is asked', async () => {
    const s = await threeSongs();
    expect(await ids(`/api/media/latest?tags=${s.tag.id}`)).toEqual([s.recent, s.mid, s.old]);
    expect(await ids(`/api/media/latest?tags=${s.tag.id}&sort=top`)).toEqual([s.recent, s.mid, s.old]);
  });

  it('orders streams by upload and playlists by last update', async () => {
    const tag = await buildTag(t.db);
    const oldStream = await buildStream(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(9) });
    const newStream = await buildStream(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(2) });
    expect(await ids(`/api/streams/latest?tags=${tag.id}`)).toEqual([newStream.id, oldStream.id]);
    const stale = await buildPlaylist(t.db, { tagIds: [tag.id], lastUpdated: daysAgo(30) });
    const fresh = await buildPlaylist(t.db, { tagIds: [tag.id], lastUpdated: daysAgo(1) });
    const middle = await buildPlaylist(t.db, { tagIds: [tag.id], lastUpdated: daysAgo(5) });
    expect(await ids(`/api/playlists/latest?tags=${tag.id}`)).toEqual([fresh.id, middle.id, stale.id]);
  });

  it('does not exist for clips', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clips/latest' });
    expect(res.statusCode).not.toBe(200);
  });
});

describe('/top', () => {
  it('ranks songs by views over all time by default', async () => {
    const tag = await buildTag(t.db);
    const ancient = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(900), views: 9000 });
    const recent = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(3), views: 50 });
    const monthOld = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(20), views: 700 });
    expect(await ids(`/api/media/top?tags=${tag.id}`)).toEqual([ancient.id, monthOld.id, recent.id]);
    expect(await ids(`/api/media/top?tags=${tag.id}&period=month`)).toEqual([monthOld.id, recent.id]);
    expect(await ids(`/api/media/top?tags=${tag.id}&period=WEEK`)).toEqual([recent.id]);
    expect(await ids(`/api/media/top?tags=${tag.id}&period=forever`)).toEqual([ancient.id, monthOld.id, recent.id]);
  });

  it('with sort=latest lists the period newest first; other sorts stay top', async () => {
    const tag = await buildTag(t.db);
    const popular = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(100), views: 900 });
    const newest = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(2), views: 1 });
    const old = await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(300), views: 5 });
    expect(await ids(`/api/media/top?tags=${tag.id}&sort=latest&period=six_months`)).toEqual([newest.id, popular.id]);
    expect(await ids(`/api/media/top?tags=${tag.id}&sort=duration`)).toEqual([popular.id, old.id, newest.id]);
  });

  it('ranks clips over the past month by default (the Top Clips buttons)', async () => {
    const tag = await buildTag(t.db);
    const lastYear = await buildClip(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(200), views: 10_000 });
    const thisWeek = await buildClip(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(2), views: 20 });
    const thisMonth = await buildClip(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(20), views: 300 });
    const base = `/api/clips/top?tags=${tag.id}`;
    expect(await ids(base)).toEqual([thisMonth.id, thisWeek.id]);
    expect(await ids(`${base}&period=week`)).toEqual([thisWeek.id]);
    expect(await ids(`${base}&period=all_time`)).toEqual([lastYear.id, thisMonth.id, thisWeek.id]);
    // LATEST button: six months, newest first.
    expect(await ids(`${base}&period=six_months&sort=latest`)).toEqual([thisWeek.id, thisMonth.id]);
  });

  it('ranks streams and playlists by views', async () => {
    const tag = await buildTag(t.db);
    const quiet = await buildStream(t.db, { tagIds: [tag.id], views: 3 });
    const loud = await buildStream(t.db, { tagIds: [tag.id], views: 300 });
    expect(await ids(`/api/streams/top?tags=${tag.id}`)).toEqual([loud.id, quiet.id]);
    const small = await buildPlaylist(t.db, { tagIds: [tag.id], views: 1 });
    const big = await buildPlaylist(t.db, { tagIds: [tag.id], views: 100 });
    expect(await ids(`/api/playlists/top?tags=${tag.id}`)).toEqual([big.id, small.id]);
  });
});

describe('sorting other kinds', () => {
  it('orders playlists by song count for duration', async () => {
    const tag = await buildTag(t.db);
    const songs = [];
    for (let i = 0; i < 3; i++) songs.push((await buildSong(t.db)).id);
    const one = await buildPlaylist(t.db, { tagIds: [tag.id] }, songs.slice(0, 1));
    const three = await buildPlaylist(t.db, { tagIds: [tag.id] }, songs);
    const two = await buildPlaylist(t.db, { tagIds: [tag.id] }, songs.slice(0, 2));
    expect(await ids(`/api/playlists?tags=${tag.id}&sort=duration`)).toEqual([three.id, two.id, one.id]);
  });

  it('orders clips and streams by length, views and date', async () => {
    const tag = await buildTag(t.db);
    const long = await buildClip(t.db, { tagIds: [tag.id], duration: 60, views: 1, uploadedAt: daysAgo(5) });
    const short = await buildClip(t.db, { tagIds: [tag.id], duration: 10, views: 9, uploadedAt: daysAgo(1) });
    expect(await ids(`/api/clips?tags=${tag.id}&sort=duration`)).toEqual([long.id, short.id]);
    expect(await ids(`/api/clips?tags=${tag.id}&sort=top`)).toEqual([short.id, long.id]);
    expect(await ids(`/api/clips?tags=${tag.id}`)).toEqual([short.id, long.id]);
    const longStream = await buildStream(t.db, { tagIds: [tag.id], duration: 5 * 3600 });
    const shortStream = await buildStream(t.db, { tagIds: [tag.id], duration: 3600 });
    expect(await ids(`/api/streams?tags=${tag.id}&sort=duration`)).toEqual([longStream.id, shortStream.id]);
  });
});
