import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { readPlays } from './queries';

/**
 * The radio plays through the providers' embedded players, so it plays only songs their owners let
 * other sites embed. The sync keeps that flag from YouTube's status.embeddable and SoundCloud's
 * embeddable_by (the sandbox answers both as the providers do).
 */

const t = await createSandboxedApp();
const embeddable = async (remoteId: string) =>
  (await t.db.select({ e: media.embeddable }).from(media).where(eq(media.remoteId, remoteId)))[0]!.e;

describe('embeddable songs', () => {
  const youtubeSong = t.world.songs.find((s) => s.provider === 'youtube')!;
  const soundcloudSong = t.world.songs.find((s) => s.provider === 'sound_cloud')!;

  it('the sync reads whether each song may be embedded, and follows a change', async () => {
    expect((await t.sync.run('test')).ok).toBe(true);
    expect(await embeddable(youtubeSong.remoteId)).toBe(true);
    expect(await embeddable(soundcloudSong.remoteId)).toBe(true);
    t.state.patch(youtubeSong.remoteId, { embeddable: false });
    t.state.patch(soundcloudSong.remoteId, { embeddable: false });
    const report = await t.sync.run('test');
    expect(report.totals).toMatchObject({ updated: 2 });
    expect(await embeddable(youtubeSong.remoteId)).toBe(false);
    expect(await embeddable(soundcloudSong.remoteId)).toBe(false);
  });

  it('the radio never plays a song that cannot be embedded', async () => {
    const pool = t.world.songs.length - 2;
    for (let i = 0; i < pool * 2; i++) await t.radio.radio.skip('everything');
    const played = new Set((await readPlays(t.db, 'everything')).map((p) => p.mediaId));
    const [yt] = await t.db.select({ id: media.id }).from(media).where(eq(media.remoteId, youtubeSong.remoteId));
    const [sc] = await t.db.select({ id: media.id }).from(media).where(eq(media.remoteId, soundcloudSong.remoteId));
    expect(played.size).toBe(pool);
    expect(played.has(yt!.id)).toBe(false);
    expect(played.has(sc!.id)).toBe(false);
  });

  it('a song its owner lets embed again plays again', async () => {
    const [yt] = await t.db.select({ id: media.id }).from(media).where(eq(media.remoteId, youtubeSong.remoteId));
    const playsOfYt = async () => (await readPlays(t.db, 'everything')).filter((p) => p.mediaId === yt!.id).length;
    t.state.patch(youtubeSong.remoteId, { embeddable: true });
    expect((await t.sync.run('test')).ok).toBe(true);
    expect(await embeddable(youtubeSong.remoteId)).toBe(true);
    // The current cycle has not played it, so it comes before the cycle ends: within the pool's size plus one.
    const pool = t.world.songs.length - 1;
    for (let i = 0; i <= pool && (await playsOfYt()) === 0; i++) await t.radio.radio.skip('everything');
    expect(await playsOfYt()).toBe(1);
  });
});
