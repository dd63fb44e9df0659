import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clips, media, playlists, songRequests, streams } from '../db/schema';
import { createSandboxedApp, FAST } from '../sandbox/testing';
import { fillDemoCatalogue } from './demo';

// The whole demo world, as a fresh demo start gets it, with the clients' real page sizes.
const t = await createSandboxedApp({ world: { songs: 320, streams: 60, clips: 150 }, overrides: { ...FAST, pageSize: undefined } });

const count = async (table: typeof media | typeof streams | typeof playlists | typeof clips) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(sql`${table.unavailable} = false`))[0]!.n;

describe('a fresh demo start', () => {
  it('fills the catalogue through the sync, and a second sync reports zero changes', async () => {
    const messages: string[] = [];
    // Tags and lyrics are written by the fill itself, after the sync: it announces them.
    let announced = 0;
    const fill = await fillDemoCatalogue(
      t.sync,
      t.db,
      t.world,
      (m) => messages.push(m),
      () => announced++,
    );
    expect(announced).toBe(1);
    expect(fill.sync.ok).toBe(true);
    expect(fill.sync.totals).toEqual({ added: 320 + 60 + 150 + 26, updated: 0, unavailable: 0 });
    expect(await count(media)).toBe(320);
    expect(await count(streams)).toBe(60);
    expect(await count(clips)).toBe(150);
    expect(await count(playlists)).toBe(t.world.playlists.length);
    expect(fill.imports.map((i) => i.skipped)).toEqual([2, 2, 2, 2]);
    expect(messages.at(-1)).toMatch(/^demo catalogue ready: 4 community playlists imported/);

    // Tags and lyrics (people's curation in production) are there as the demo world has them.
    const tagged = await t.db.select({ n: sql<number>`count(*)::int` }).from(media).where(sql`cardinality(${media.tagIds}) > 0`);
    expect(tagged[0]!.n).toBe(t.world.songs.filter((s) => s.tags.length > 0).length);
    const withLyrics = await t.db.select({ n: sql<number>`count(*)::int` }).from(media).where(sql`${media.lyrics} IS NOT NULL`);
    expect(withLyrics[0]!.n).toBe(t.world.songs.filter((s) => s.lyrics).length);

    // The request history: flips and chat requests linked to their songs, the latest still waiting.
    expect(fill.requests).toBe(t.world.requests.length);
    const history = await t.db.select().from(songRequests);
    const answered = t.world.requests.filter((r) => r.songRemoteId !== null).length;
    expect(answered).toBeGreaterThan(5);
    expect(history.filter((r) => r.mediaId !== null)).toHaveLength(answered);
    expect(history.filter((r) => r.mediaId === null)).toHaveLength(12);
    const linked = await t.db.select({ name: media.name }).from(media).where(sql`${media.id} IN (SELECT media_id FROM song_requests)`);
    expect(linked.every((song) => / - Stream Flip$| \(Chat Request\)$/.test(song.name))).toBe(true);
    expect(messages.at(-1)).toMatch(new RegExp(`, ${t.world.requests.length} song requests in the history$`));
    // Not written twice.
    expect(
      (
        await fillDemoCatalogue(
          t.sync,
          t.db,
          t.world,
          () => {},
          () => announced++,
        )
      ).requests,
    ).toBe(0);
    expect(announced).toBe(1);

    const second = await t.sync.run('test');
    expect(second.ok).toBe(true);
    expect(second.totals).toEqual({ added: 0, updated: 0, unavailable: 0 });

    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats' })).json();
    expect(stats).toMatchObject({ streamCount: 60, clipCount: 150 });
    expect(stats.providerStats.youtube.mediaCount + stats.providerStats.sound_cloud.mediaCount).toBe(320);
  });

  it("serves the requested videos' thumbnails on the sandbox's stand-in for YouTube's image host", async () => {
    const request = t.world.requests[0]!;
    const image = await t.app.inject({ url: `/sandbox/youtube/vi/${request.videoId}/mqdefault.jpg` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect((await t.app.inject({ url: '/sandbox/youtube/vi/notARealVideo/mqdefault.jpg' })).statusCode).toBe(404);
  });
});
