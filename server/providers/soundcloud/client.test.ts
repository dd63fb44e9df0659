import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { createSandboxedApp, recordingSleep } from '../../sandbox/testing';
import { ProviderError } from '../shared/http';
import { remoteIdOfUrn, type SoundCloudPlaylist, type SoundCloudTrack } from './client';

const t = await createSandboxedApp();
const userId = DEMO_ACCOUNTS.soundcloud.userId;

afterEach(() => t.state.reset());

async function collect<T>(pages: AsyncGenerator<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

const tracks = () =>
  t.world.songs.filter((s) => s.provider === 'sound_cloud').sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());

describe('SoundCloud client against the sandbox', () => {
  it('gets an app token, then pages through a user’s tracks with linked partitioning to the end', async () => {
    const client = t.clients().soundcloud!;
    const pages = await collect<SoundCloudTrack>(client.userTracks(userId));
    // 6 tracks at 3 per page.
    expect(pages.map((p) => p.length)).toEqual([3, 3]);
    expect(pages.flat().map((tr) => tr.id)).toEqual(tracks().map((s) => s.remoteId));
    const first = pages[0]![0]!;
    expect(first).toMatchObject({ title: tracks()[0]!.name, durationSeconds: tracks()[0]!.duration, plays: tracks()[0]!.views });
    expect(first.createdAt.toISOString().slice(0, 19)).toBe(tracks()[0]!.uploadedAt.toISOString().slice(0, 19));
    expect(first.artworkUrl).toMatch(/artworks-\d+-t500x500\.jpg$/);
    expect(t.state.tokens.issued.soundcloud).toBe(1);
    // The URN form of the user id works the same.
    const byUrn = await collect<SoundCloudTrack>(client.userTracks(`soundcloud:users:${userId}`));
    expect(byUrn.flat()).toHaveLength(6);
  });

  it('reads playlists and their tracks in order', async () => {
    const client = t.clients().soundcloud!;
    const playlists = (await collect(client.userPlaylists(userId))).flat();
    const expected = t.world.playlists.filter((p) => p.provider === 'sound_cloud');
    expect(playlists.map((p) => p.id)).toEqual(expected.map((p) => p.remoteId));
    expect(playlists[0]!.playlistType).toBe('album');
    const songs = (await collect(client.playlistTracks(expected[0]!.remoteId))).flat();
    expect(songs.map((s) => s.id)).toEqual(expected[0]!.songs);
  });

  it('keys tracks and playlists by urn, as SoundCloud answers today (no numeric id), and asks for a playlist’s tracks by its urn', async () => {
    const raw = await fetch(`${t.origin}/sandbox/soundcloud/users/${userId}/playlists?linked_partitioning=true`, {
      headers: { authorization: `OAuth ${await t.clients().soundcloud!.tokens.token()}` },
    });
    const answer = (await raw.json()) as { collection: Record<string, unknown>[] };
    expect(answer.collection[0]).not.toHaveProperty('id');
    expect(answer.collection[0]!.urn).toMatch(/^soundcloud:playlists:\d+$/);

    const client = t.clients().soundcloud!;
    const album = t.world.playlists.find((p) => p.provider === 'sound_cloud')!;
    const playlists = (await collect<SoundCloudPlaylist>(client.userPlaylists(userId))).flat();
    expect(playlists[0]).toMatchObject({ urn: `soundcloud:playlists:${album.remoteId}`, id: album.remoteId });
    const songs = (await collect<SoundCloudTrack>(client.playlistTracks(playlists[0]!.urn))).flat();
    expect(songs.map((s) => s.id)).toEqual(album.songs);
    expect(songs.map((s) => s.urn)).toEqual(album.songs.map((id) => `soundcloud:tracks:${id}`));
    expect(t.state.requests.map((r) => r.path)).toContainEqual(
      expect.stringMatching(new RegExp(`^/playlists/soundcloud:playlists:${album.remoteId}/tracks\\?`)),
    );
  });

  it.each(['urn-and-id', 'id'] as const)('reads the older answers (%s) as the same items', async (keys) => {
    const client = t.clients().soundcloud!;
    const today = (await collect<SoundCloudTrack>(client.userTracks(userId))).flat();
    t.state.soundcloudKeys = keys;
    const older = (await collect<SoundCloudTrack>(client.userTracks(userId))).flat();
    expect(older.map((tr) => [tr.urn, tr.id])).toEqual(today.map((tr) => [tr.urn, tr.id]));
  });

  it('takes an urn’s number as the catalogue’s remote id, and an urn of another form whole', () => {
    expect(remoteIdOfUrn('soundcloud:tracks:1000000')).toBe('1000000');
    expect(remoteIdOfUrn('soundcloud:playlists:98765432')).toBe('98765432');
    expect(remoteIdOfUrn('soundcloud:tracks:a1b2')).toBe('soundcloud:tracks:a1b2');
  });

  it('renews an expired token (refresh on 401) and carries on', async () => {
    const client = t.clients().soundcloud!;
    await collect(client.userPlaylists(userId));
    t.state.tokens.expireAll('soundcloud');
    const again = (await collect(client.userPlaylists(userId))).flat();
    expect(again.length).toBeGreaterThan(0);
    expect(t.state.tokens.issued.soundcloud).toBe(2);
    const refreshes = t.state.requests.filter((r) => r.provider === 'soundcloud' && r.path === '/oauth/token');
    expect(refreshes).toHaveLength(2);
  });

  it('retries a 503, and fails clearly when the service stays down', async () => {
    const recorder = recordingSleep();
    const client = t.clients({ sleep: recorder.sleep }).soundcloud!;
    t.state.faults.inject({ provider: 'soundcloud', path: '/tracks', status: 503 });
    expect((await collect(client.userTracks(userId))).flat()).toHaveLength(6);
    expect(recorder.delays).toEqual([1]);

    t.state.faults.inject({ provider: 'soundcloud', path: '/tracks', status: 500, times: Number.POSITIVE_INFINITY });
    const error = await collect(client.userTracks(userId)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(
      /^SoundCloud answered 500 to GET \/sandbox\/soundcloud\/users\/938000001\/tracks.* after 3 attempts/,
    );
  });

  it('fails with the provider’s reason when its credentials are wrong', async () => {
    const { createSoundCloudClient } = await import('./client');
    const client = createSoundCloudClient({
      clientId: 'demo',
      clientSecret: 'wrong',
      authBaseUrl: `${t.origin}/sandbox/soundcloud`,
      http: {
        baseUrl: `${t.origin}/sandbox/soundcloud`,
        timeoutMs: 2000,
        retry: { retries: 0, backoffMs: 1, maxBackoffMs: 1, maxRetryAfterMs: 1 },
      },
    });
    const error = await collect(client.userTracks(userId)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, details: { reason: 'invalid_client' } });
    expect((error as ProviderError).isAuth).toBe(true);
  });

  it('is refused without a token, as SoundCloud refuses', async () => {
    const res = await fetch(`${t.origin}/sandbox/soundcloud/users/${userId}/tracks`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, status: '401 - Unauthorized' });
  });

  it('leaves out a track that went private', async () => {
    t.state.setPrivacy(tracks()[2]!.remoteId, 'private');
    const ids = (await collect(t.clients().soundcloud!.userTracks(userId))).flat().map((tr) => tr.id);
    expect(ids).toHaveLength(5);
    expect(ids).not.toContain(tracks()[2]!.remoteId);
  });
});
