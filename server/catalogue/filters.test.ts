import { describe, expect, it } from 'vitest';
import type { Page } from '../../common/api';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag, daysAgo } from '../testing/factories';

const t = await createTestApp();

async function list(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as Page<{ id: number }>;
}

/** Ids a list answers (one page of up to 100), sorted so sets compare regardless of order. */
async function idsOf(url: string) {
  const sep = url.includes('?') ? '&' : '?';
  return (await list(`${url}${sep}size=100`)).content.map((item) => item.id).sort((a, b) => a - b);
}

const sorted = (...rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('providers', () => {
  it('keeps only songs of the given providers, repeated or comma separated', async () => {
    const tag = await buildTag(t.db);
    const yt = await buildSong(t.db, { tagIds: [tag.id], provider: 'youtube' });
    const sc = await buildSong(t.db, { tagIds: [tag.id], provider: 'sound_cloud', source: 'nova_sc' });
    const base = `/api/media?tags=${tag.id}`;
    expect(await idsOf(`${base}&providers=sound_cloud`)).toEqual(sorted(sc));
    expect(await idsOf(`${base}&providers=youtube`)).toEqual(sorted(yt));
    expect(await idsOf(`${base}&providers=youtube&providers=sound_cloud`)).toEqual(sorted(yt, sc));
    expect(await idsOf(`${base}&providers=youtube,sound_cloud`)).toEqual(sorted(yt, sc));
  });

  it('drops an unknown provider instead of failing', async () => {
    const tag = await buildTag(t.db);
    const yt = await buildSong(t.db, { tagIds: [tag.id], provider: 'youtube' });
    const sc = await buildSong(t.db, { tagIds: [tag.id], provider: 'sound_cloud', source: 'nova_sc' });
    expect(await idsOf(`/api/media?tags=${tag.id}&providers=myspace`)).toEqual(sorted(yt, sc));
    expect(await idsOf(`/api/media?tags=${tag.id}&providers=myspace,sound_cloud`)).toEqual(sorted(sc));
  });

  it('filters streams by their providers', async () => {
    const tag = await buildTag(t.db);
    const twitch = await buildStream(t.db, { tagIds: [tag.id], provider: 'twitch' });
    const yt = await buildStream(t.db, { tagIds: [tag.id], provider: 'youtube', source: 'nova_yt' });
    expect(await idsOf(`/api/streams?tags=${tag.id}&providers=twitch`)).toEqual(sorted(twitch));
    expect(await idsOf(`/api/streams?tags=${tag.id}&providers=youtube`)).toEqual(sorted(yt));
  });
});

describe('sources', () => {
  it('keeps only items of the given channels', async () => {
    const tag = await buildTag(t.db);
    const main = await buildSong(t.db, { tagIds: [tag.id], source: 'nova_yt' });
    const music = await buildSong(t.db, { tagIds: [tag.id], source: 'nova_music' });
    const daily = await buildSong(t.db, { tagIds: [tag.id], source: 'nova_daily' });
    const base = `/api/media?tags=${tag.id}`;
    expect(await idsOf(`${base}&sources=nova_music`)).toEqual(sorted(music));
    expect(await idsOf(`${base}&sources=nova_music,nova_daily`)).toEqual(sorted(music, daily));
    expect(await idsOf(`${base}&sources=nova_yt&sources=nova_daily`)).toEqual(sorted(main, daily));
  });

  it('drops sources of another streamer and malformed ones', async () => {
    const tag = await buildTag(t.db);
    const main = await buildSong(t.db, { tagIds: [tag.id], source: 'nova_yt' });
    const music = await buildSong(t.db, { tagIds: [tag.id], source: 'nova_music' });
    expect(await idsOf(`/api/media?tags=${tag.id}&sources=other_yt`)).toEqual(sorted(main, music));
    expect(await idsOf(`/api/media?tags=${tag.id}&sources=nova_bogus,DROP%20TABLE`)).toEqual(sorted(main, music));
    expect(await idsOf(`/api/media?tags=${tag.id}&sources=other_yt,nova_music`)).toEqual(sorted(music));
  });
});

describe('tags', () => {
  it('keeps items carrying any of the given tags', async () => {
    const a = await buildTag(t.db);
    const b = await buildTag(t.db);
    const onlyA = await buildSong(t.db, { tagIds: [a.id] });
    const onlyB = await buildSong(t.db, { tagIds: [b.id] });
    const both = await buildSong(t.db, { tagIds: [a.id, b.id] });
    const neither = await buildSong(t.db);
    expect(await idsOf(`/api/media?tags=${a.id}`)).toEqual(sorted(onlyA, both));
    expect(await idsOf(`/api/media?tags=${a.id}&tags=${b.id}`)).toEqual(sorted(onlyA, onlyB, both));
    expect(await idsOf(`/api/media?tags=${a.id},${b.id}`)).toEqual(sorted(onlyA, onlyB, both));
    expect(await idsOf(`/api/media?tags=${b.id}`)).not.toContain(neither.id);
  });

  it('drops tag values that are not ids', async () => {
    const tag = await buildTag(t.db);
    const tagged = await buildSong(t.db, { tagIds: [tag.id] });
    const untagged = await buildSong(t.db);
    expect(await idsOf(`/api/media?tags=abc,${tag.id}`)).toEqual(sorted(tagged));
    const all = await idsOf('/api/media?tags=abc&tags=-1');
    expect(all).toEqual(expect.arrayContaining(sorted(tagged, untagged)));
  });

  it('filters every kind by tag', async () => {
    const tag = await buildTag(t.db);
    const stream = await buildStream(t.db, { tagIds: [tag.id] });
    await buildStream(t.db);
    const playlist = await buildPlaylist(t.db, { tagIds: [tag.id] });
    await buildPlaylist(t.db);
    const clip = await buildClip(t.db, { tagIds: [tag.id] });
    await buildClip(t.db);
    expect(await idsOf(`/api/streams?tags=${tag.id}`)).toEqual(sorted(stream));
    expect(await idsOf(`/api/playlists?tags=${tag.id}`)).toEqual(sorted(playlist));
    expect(await idsOf(`/api/clips?tags=${tag.id}`)).toEqual(sorted(clip));
  });

  it('combines filters with AND', async () => {
    const tag = await buildTag(t.db);
    const match = await buildSong(t.db, { tagIds: [tag.id], provider: 'sound_cloud', source: 'nova_sc' });
    await buildSong(t.db, { tagIds: [tag.id], provider: 'youtube', source: 'nova_yt' });
    await buildSong(t.db, { provider: 'sound_cloud', source: 'nova_sc' });
    expect(await idsOf(`/api/media?tags=${tag.id}&providers=sound_cloud&sources=nova_sc`)).toEqual(sorted(match));
    expect(await idsOf(`/api/media?tags=${tag.id}&providers=sound_cloud&sources=nova_yt`)).toEqual([]);
  });
});

describe('period', () => {
  /** Songs just inside and just outside each period bound. */
  async function songsAcrossPeriods() {
    const tag = await buildTag(t.db);
    const at = (days: number) => buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(days) });
    return {
      tag,
      d6: await at(6),
      d8: await at(8),
      d29: await at(29),
      d31: await at(31),
      d181: await at(181),
      d183: await at(183),
      d364: await at(364),
      d366: await at(366),
    };
  }

  it('bounds uploadedAt to the last 7, 30, 182 and 365 days', async () => {
    const s = await songsAcrossPeriods();
    const base = `/api/media?tags=${s.tag.id}`;
    expect(await idsOf(`${base}&period=week`)).toEqual(sorted(s.d6));
    expect(await idsOf(`${base}&period=month`)).toEqual(sorted(s.d6, s.d8, s.d29));
    expect(await idsOf(`${base}&period=six_months`)).toEqual(sorted(s.d6, s.d8, s.d29, s.d31, s.d181));
    expect(await idsOf(`${base}&period=year`)).toEqual(sorted(s.d6, s.d8, s.d29, s.d31, s.d181, s.d183, s.d364));
    const everything = sorted(s.d6, s.d8, s.d29, s.d31, s.d181, s.d183, s.d364, s.d366);
    expect(await idsOf(`${base}&period=all_time`)).toEqual(everything);
    expect(await idsOf(base)).toEqual(everything);
  });

  it('drops an unknown period', async () => {
    const s = await songsAcrossPeriods();
    expect(await idsOf(`/api/media?tags=${s.tag.id}&period=decade`)).toHaveLength(8);
  });

  it('bounds streams and clips by upload date and playlists by last update', async () => {
    const tag = await buildTag(t.db);
    const newStream = await buildStream(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(3) });
    await buildStream(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(10) });
    const newClip = await buildClip(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(3) });
    await buildClip(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(10) });
    const fresh = await buildPlaylist(t.db, { tagIds: [tag.id], lastUpdated: daysAgo(3) });
    await buildPlaylist(t.db, { tagIds: [tag.id], lastUpdated: daysAgo(10) });
    expect(await idsOf(`/api/streams?tags=${tag.id}&period=week`)).toEqual(sorted(newStream));
    expect(await idsOf(`/api/clips?tags=${tag.id}&period=week`)).toEqual(sorted(newClip));
    expect(await idsOf(`/api/playlists?tags=${tag.id}&period=week`)).toEqual(sorted(fresh));
  });
});

describe('playlist type', () => {
  it('keeps only playlists of the given type and drops unknown types', async () => {
    const tag = await buildTag(t.db);
    const album = await buildPlaylist(t.db, { tagIds: [tag.id], type: 'album' });
    const community = await buildPlaylist(t.db, { tagIds: [tag.id], type: 'community' });
    const bestOf = await buildPlaylist(t.db, { tagIds: [tag.id], type: 'best_of' });
    const base = `/api/playlists?tags=${tag.id}`;
    expect(await idsOf(`${base}&type=album`)).toEqual(sorted(album));
    expect(await idsOf(`${base}&type=COMMUNITY`)).toEqual(sorted(community));
    expect(await idsOf(`${base}&type=best_of`)).toEqual(sorted(bestOf));
    expect(await idsOf(`${base}&type=mixtape`)).toEqual(sorted(album, community, bestOf));
  });
});

describe('clippedBy', () => {
  it('matches part of the clipper name in any case', async () => {
    const tag = await buildTag(t.db);
    const kitKat = await buildClip(t.db, { tagIds: [tag.id], creatorName: 'KitKat' });
    const kitFan = await buildClip(t.db, { tagIds: [tag.id], creatorName: 'the_kit_fan' });
    await buildClip(t.db, { tagIds: [tag.id], creatorName: 'Someone' });
    expect(await idsOf(`/api/clips?tags=${tag.id}&clippedBy=kit`)).toEqual(sorted(kitKat, kitFan));
    expect(await idsOf(`/api/clips?tags=${tag.id}&clippedBy=KITKAT`)).toEqual(sorted(kitKat));
    expect(await idsOf(`/api/clips?tags=${tag.id}&clippedBy=nobody`)).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    const tag = await buildTag(t.db);
    const percent = await buildClip(t.db, { tagIds: [tag.id], creatorName: '100%clips' });
    const underscore = await buildClip(t.db, { tagIds: [tag.id], creatorName: 'clip_master' });
    await buildClip(t.db, { tagIds: [tag.id], creatorName: 'plainname' });
    expect(await idsOf(`/api/clips?tags=${tag.id}&clippedBy=%25`)).toEqual(sorted(percent));
    expect(await idsOf(`/api/clips?tags=${tag.id}&clippedBy=_`)).toEqual(sorted(underscore));
  });

  it('applies to clips only', async () => {
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id] });
    expect(await idsOf(`/api/media?tags=${tag.id}&clippedBy=nobody`)).toEqual(sorted(song));
  });
});

describe('relations', () => {
  it('streamId keeps the songs, clips and playlists of one stream', async () => {
    const stream = await buildStream(t.db);
    const other = await buildStream(t.db);
    const song = await buildSong(t.db, { streamId: stream.id });
    await buildSong(t.db, { streamId: other.id });
    const clip = await buildClip(t.db, { streamId: stream.id });
    await buildClip(t.db, { streamId: other.id });
    const playlist = await buildPlaylist(t.db, { streamId: stream.id, type: 'stream' });
    await buildPlaylist(t.db, { streamId: other.id, type: 'stream' });
    expect(await idsOf(`/api/media?streamId=${stream.id}`)).toEqual(sorted(song));
    expect(await idsOf(`/api/clips?streamId=${stream.id}`)).toEqual(sorted(clip));
    expect(await idsOf(`/api/playlists?streamId=${stream.id}`)).toEqual(sorted(playlist));
    expect(await idsOf(`/api/clips/top?streamId=${stream.id}&period=all_time`)).toEqual(sorted(clip));
  });

  it('playlistId keeps the songs of a playlist, in its own order when sorted by relevance', async () => {
    const first = await buildSong(t.db, { uploadedAt: daysAgo(50) });
    const second = await buildSong(t.db, { uploadedAt: daysAgo(1) });
    const third = await buildSong(t.db, { uploadedAt: daysAgo(20) });
    await buildSong(t.db);
    const playlist = await buildPlaylist(t.db, {}, [first.id, second.id, third.id]);
    expect(await idsOf(`/api/media?playlistId=${playlist.id}`)).toEqual(sorted(first, second, third));
    const ordered = await list(`/api/media?playlistId=${playlist.id}&sort=relevance`);
    expect(ordered.content.map((s) => s.id)).toEqual([first.id, second.id, third.id]);
    const latest = await list(`/api/media?playlistId=${playlist.id}&sort=latest`);
    expect(latest.content.map((s) => s.id)).toEqual([second.id, third.id, first.id]);
  });

  it('playlistId on streams answers the stream a stream playlist belongs to', async () => {
    const stream = await buildStream(t.db);
    await buildStream(t.db);
    const playlist = await buildPlaylist(t.db, { streamId: stream.id, type: 'stream' });
    const unlinked = await buildPlaylist(t.db);
    expect(await idsOf(`/api/streams?playlistId=${playlist.id}`)).toEqual(sorted(stream));
    expect(await idsOf(`/api/streams?playlistId=${unlinked.id}`)).toEqual([]);
  });

  it('mediaId keeps the playlists that contain a song', async () => {
    const song = await buildSong(t.db);
    const other = await buildSong(t.db);
    const a = await buildPlaylist(t.db, {}, [other.id, song.id]);
    const b = await buildPlaylist(t.db, {}, [song.id]);
    await buildPlaylist(t.db, {}, [other.id]);
    expect(await idsOf(`/api/playlists?mediaId=${song.id}`)).toEqual(sorted(a, b));
  });

  it('drops id filters that are not ids', async () => {
    const stream = await buildStream(t.db);
    const song = await buildSong(t.db, { streamId: stream.id });
    const loose = await buildSong(t.db);
    const all = await idsOf('/api/media?streamId=abc&playlistId=-1');
    expect(all).toEqual(expect.arrayContaining(sorted(song, loose)));
  });
});

describe('unavailable items', () => {
  it('never appear in any list, latest or top call', async () => {
    const tag = await buildTag(t.db);
    const hidden = { tagIds: [tag.id], unavailable: true, views: 1_000_000 };
    const shown = { tagIds: [tag.id] };
    const visible = {
      media: await buildSong(t.db, shown),
      streams: await buildStream(t.db, shown),
      playlists: await buildPlaylist(t.db, shown),
      clips: await buildClip(t.db, { ...shown, uploadedAt: daysAgo(1) }),
    };
    await buildSong(t.db, hidden);
    await buildStream(t.db, hidden);
    await buildPlaylist(t.db, hidden);
    await buildClip(t.db, { ...hidden, uploadedAt: daysAgo(1) });
    for (const kind of ['media', 'streams', 'playlists', 'clips'] as const) {
      const calls = [`/api/${kind}`, `/api/${kind}/top`, ...(kind === 'clips' ? [] : [`/api/${kind}/latest`])];
      for (const sort of ['top', 'random', 'duration']) calls.push(`/api/${kind}?sort=${sort}`);
      for (const call of calls) {
        const page = await list(`${call}${call.includes('?') ? '&' : '?'}tags=${tag.id}`);
        expect(
          page.content.map((i) => i.id),
          call,
        ).toEqual([visible[kind].id]);
        expect(page.totalElements, call).toBe(1);
      }
    }
  });
});
