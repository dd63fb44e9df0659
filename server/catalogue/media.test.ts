import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { clipSchema, errorSchema, mediaSchema, playlistSchema, streamSchema, tagSchema } from '../../common/api';
import { tags } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag } from '../testing/factories';

const t = await createTestApp();

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('GET /api/tag', () => {
  // Runs first, so the tag cache is filled from exactly these tags.
  it('lists every tag with id and name, sorted by name', async () => {
    const names = ['rock', 'Acoustic', 'Lo-fi', 'ballad', 'Zydeco'];
    const built: { id: number; name: string }[] = [];
    for (const name of names) built.push(await buildTag(t.db, name));
    const { status, body } = await get('/api/tag');
    expect(status).toBe(200);
    expect(tagSchema.array().parse(body)).toEqual(
      ['Acoustic', 'ballad', 'Lo-fi', 'rock', 'Zydeco'].map((name) => ({ id: built.find((b) => b.name === name)!.id, name })),
    );
  });

  it('shows a tag added later once the catalogue has changed', async () => {
    const added = await buildTag(t.db, 'Polka');
    t.catalogue.changed();
    const { body } = await get('/api/tag');
    expect(body).toContainEqual({ id: added.id, name: 'Polka' });
  });

  it('picks up tags added or renamed by another instance within a minute', async () => {
    const song = await buildSong(t.db, { tagIds: [(await buildTag(t.db, 'Shanty')).id] });
    expect((await get(`/api/media/${song.id}`)).body.tags[0].name).toBe('Shanty');
    // Written straight to the database, as another server instance would, so this app is not told.
    const added = await buildTag(t.db, 'Sea Songs');
    await t.db.update(tags).set({ name: 'Sea Shanty' }).where(eq(tags.name, 'Shanty'));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect((await get('/api/tag')).body).toContainEqual({ id: added.id, name: 'Sea Songs' });
      expect((await get(`/api/media/${song.id}`)).body.tags[0].name).toBe('Sea Shanty');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('one item by id', () => {
  it('answers a song with every field of spec section 3', async () => {
    const folk = await buildTag(t.db, 'Folk');
    const acoustic = await buildTag(t.db, 'Acoustic Set');
    const stream = await buildStream(t.db);
    const song = await buildSong(t.db, {
      name: 'Paper Satellites',
      thumbnail: 'paper.jpg',
      duration: 245,
      views: 31,
      tagIds: [folk.id, acoustic.id],
      streamId: stream.id,
      streamTimestamp: 3723,
      lyrics: 'we fold the night',
    });
    const { status, body } = await get(`/api/media/${song.id}`);
    expect(status).toBe(200);
    expect(mediaSchema.strict().parse(body)).toEqual({
      id: song.id,
      remoteId: song.remoteId,
      name: 'Paper Satellites',
      thumbnail: 'paper.jpg',
      provider: 'youtube',
      source: 'nova_yt',
      // Tags come back sorted by name, whatever order the item stores them in.
      tags: [
        { id: acoustic.id, name: 'Acoustic Set' },
        { id: folk.id, name: 'Folk' },
      ],
      linkUrl: song.linkUrl,
      liked: false,
      duration: 245,
      uploadedAt: song.uploadedAt.toISOString(),
      streamId: stream.id,
      streamTimestamp: 3723,
      lyrics: 'we fold the night',
      views: 31,
    });
  });

  it('answers a stream, a playlist and a clip', async () => {
    const stream = await buildStream(t.db, { name: 'Sunday Stream' });
    const playlist = await buildPlaylist(t.db, { name: 'Best Of 2024', type: 'best_of', streamId: stream.id });
    const clip = await buildClip(t.db, { name: 'High Note', creatorName: 'KitKat', streamId: stream.id, streamTimestamp: 99 });

    const s = await get(`/api/streams/${stream.id}`);
    expect(s.status).toBe(200);
    expect(streamSchema.strict().parse(s.body)).toMatchObject({
      id: stream.id,
      name: 'Sunday Stream',
      provider: 'twitch',
      duration: 10800,
    });

    const p = await get(`/api/playlists/${playlist.id}`);
    expect(p.status).toBe(200);
    expect(playlistSchema.strict().parse(p.body)).toMatchObject({
      id: playlist.id,
      type: 'best_of',
      streamId: stream.id,
      mediaCount: 0,
      lastUpdated: playlist.lastUpdated.toISOString(),
    });

    const c = await get(`/api/clips/${clip.id}`);
    expect(c.status).toBe(200);
    expect(clipSchema.strict().parse(c.body)).toMatchObject({
      id: clip.id,
      creatorName: 'KitKat',
      streamId: stream.id,
      streamTimestamp: 99,
    });
  });

  it('still answers an unavailable item by id (kept for links and likes)', async () => {
    const gone = await buildSong(t.db, { unavailable: true });
    const { status, body } = await get(`/api/media/${gone.id}`);
    expect(status).toBe(200);
    expect(body.id).toBe(gone.id);
  });

  it('answers 404 JSON for an unknown id of every kind', async () => {
    for (const kind of ['media', 'streams', 'playlists', 'clips']) {
      const { status, body } = await get(`/api/${kind}/987654`);
      expect(status, kind).toBe(404);
      expect(errorSchema.strict().parse(body)).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(body.message, kind).toContain('987654');
    }
  });

  // Design: 404 for an unknown id; a path segment that cannot be an id names nothing either.
  it.each(['abc', '0', '-3', '1.5', '99999999999', '2147483648', '1e3', '0x10', '%20'])(
    'answers 404 No such path for id %s',
    async (id) => {
      for (const kind of ['media', 'streams', 'playlists', 'clips']) {
        const { status, body } = await get(`/api/${kind}/${id}`);
        expect(status, `${kind}/${id}`).toBe(404);
        expect(errorSchema.strict().parse(body)).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: `No such path: GET /api/${kind}/${id}`,
          requestId: expect.any(String),
        });
      }
    },
  );

  it('has no latest clips: /api/clips/latest is 404, not a bad id', async () => {
    const { status, body } = await get('/api/clips/latest');
    expect(status).toBe(404);
    expect(body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No such path: GET /api/clips/latest',
      requestId: expect.any(String),
    });
  });

  it('never takes a fixed path for an id', async () => {
    await buildSong(t.db);
    for (const path of ['/api/media/latest', '/api/media/top', '/api/media/random', '/api/streams/top', '/api/playlists/latest']) {
      expect((await get(path)).status, path).toBe(200);
    }
  });
});

describe('GET /api/media/:id/launchStream', () => {
  it('redirects to a Twitch video at ?t=1h2m3s', async () => {
    const stream = await buildStream(t.db, { provider: 'twitch', remoteId: '2233445566' });
    const song = await buildSong(t.db, { streamId: stream.id, streamTimestamp: 3723 });
    const res = await t.app.inject({ method: 'GET', url: `/api/media/${song.id}/launchStream` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.twitch.tv/videos/2233445566?t=1h2m3s');
  });

  it('redirects to a YouTube video at &t=123s', async () => {
    const stream = await buildStream(t.db, { provider: 'youtube', source: 'nova_yt', remoteId: 'dQw4w9WgXcQ' });
    const song = await buildSong(t.db, { streamId: stream.id, streamTimestamp: 123 });
    const res = await t.app.inject({ method: 'GET', url: `/api/media/${song.id}/launchStream` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=123s');
  });

  it('opens at the very start for timestamp 0', async () => {
    const stream = await buildStream(t.db, { provider: 'twitch', remoteId: '42' });
    const song = await buildSong(t.db, { streamId: stream.id, streamTimestamp: 0 });
    const res = await t.app.inject({ method: 'GET', url: `/api/media/${song.id}/launchStream` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.twitch.tv/videos/42?t=0h0m0s');
  });

  it('answers 404 for a song without a stream or without a timestamp', async () => {
    const stream = await buildStream(t.db);
    const noStream = await buildSong(t.db, { streamTimestamp: 60 });
    const noTimestamp = await buildSong(t.db, { streamId: stream.id });
    for (const song of [noStream, noTimestamp]) {
      const { status, body } = await get(`/api/media/${song.id}/launchStream`);
      expect(status).toBe(404);
      expect(errorSchema.parse(body).message).toEqual(expect.any(String));
    }
  });

  it('answers 404 for an unknown song and for a path that cannot be an id', async () => {
    expect((await get('/api/media/987654/launchStream')).status).toBe(404);
    expect((await get('/api/media/abc/launchStream')).status).toBe(404);
  });
});

describe('GET /api/clips/:id/launchStream', () => {
  it("redirects to the clip's stream at the clip's moment", async () => {
    const stream = await buildStream(t.db, { provider: 'twitch', remoteId: '998877' });
    const clip = await buildClip(t.db, { streamId: stream.id, streamTimestamp: 65 });
    const res = await t.app.inject({ method: 'GET', url: `/api/clips/${clip.id}/launchStream` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.twitch.tv/videos/998877?t=0h1m5s');
  });

  it('answers 404 for a clip without a stream timestamp, and for an unknown clip', async () => {
    const clip = await buildClip(t.db, { streamTimestamp: null });
    const { status, body } = await get(`/api/clips/${clip.id}/launchStream`);
    expect(status).toBe(404);
    expect(errorSchema.parse(body).message).toBe('This clip has no stream timestamp');
    expect((await get('/api/clips/987654/launchStream')).status).toBe(404);
  });
});
