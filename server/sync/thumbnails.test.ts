import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { clips, media, streams } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';

const t = await createSandboxedApp({ thumbnails: true, world: { songs: 8, streams: 3, clips: 2 } });

afterEach(() => t.state.reset());

describe('thumbnails', () => {
  it('are fetched once, resized to 320x180 and served locally', async () => {
    const first = await t.sync.run('test');
    expect(first.ok).toBe(true);
    expect(first.thumbnails.failed).toBe(0);
    const items = t.world.songs.length + t.world.streams.length + t.world.clips.length;
    expect(first.thumbnails.fetched).toBeGreaterThanOrEqual(items);

    const song = t.world.songs[0]!;
    const [row] = await t.db.select().from(media).where(eq(media.remoteId, song.remoteId));
    expect(row!.thumbnail).toBe(`${song.remoteId}.jpg`);
    expect(row!.thumbnailSource).toMatch(/\/sandbox\/youtube\/vi\/.+\/mqdefault\.jpg$|artworks-/);
    const file = path.join(t.dataDir, 'thumbnails', 'media', row!.thumbnail!);
    expect(await sharp(file).metadata()).toMatchObject({ width: 320, height: 180, format: 'jpeg' });
    for (const table of [streams, clips]) {
      const [other] = await t.db.select().from(table).limit(1);
      expect(existsSync(path.join(t.dataDir, 'thumbnails', table === streams ? 'streams' : 'clips', other!.thumbnail!))).toBe(true);
    }
    const served = await t.app.inject({ method: 'GET', url: `/images/thumbnails/media/${row!.thumbnail}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const second = await t.sync.run('test');
    expect(second.thumbnails).toEqual({ fetched: 0, failed: 0 });
    expect(second.totals).toEqual({ added: 0, updated: 0, unavailable: 0 });
  });

  it('are fetched again when the provider’s URL for them changes', async () => {
    const song = t.world.songs[1]!;
    await t.db.update(media).set({ thumbnailSource: 'https://example.invalid/old.jpg' }).where(eq(media.remoteId, song.remoteId));
    const report = await t.sync.run('test');
    expect(report.thumbnails.fetched).toBe(1);
    expect(report.totals.updated).toBe(1);
  });

  it('that fail to download leave the item without one, and are tried again next time', async () => {
    const song = t.world.songs[2]!;
    await t.db.delete(media).where(eq(media.remoteId, song.remoteId));
    const { rm } = await import('node:fs/promises');
    await rm(path.join(t.dataDir, 'thumbnails', 'media', `${song.remoteId}.jpg`), { force: true });
    expect(song.provider).toBe('youtube');
    t.state.faults.inject({ provider: 'youtube', path: `/vi/${song.remoteId}/`, status: 404, times: 10 });
    const report = await t.sync.run('test');
    expect(report.ok).toBe(true);
    expect(report.thumbnails.failed).toBe(1);
    const [row] = await t.db.select().from(media).where(eq(media.remoteId, song.remoteId));
    expect(row).toMatchObject({ thumbnail: null, thumbnailSource: null, unavailable: false });
    t.state.reset();
    const retry = await t.sync.run('test');
    expect(retry.thumbnails.fetched).toBe(1);
    const [fixed] = await t.db.select().from(media).where(eq(media.remoteId, song.remoteId));
    expect(fixed!.thumbnail).toBe(`${song.remoteId}.jpg`);
  });
});
