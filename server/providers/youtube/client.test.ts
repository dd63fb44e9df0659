import { afterEach, describe, expect, it } from 'vitest';
import { sourceKindOf } from '../../../common/enums';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { createSandboxedApp, recordingSleep } from '../../sandbox/testing';
import { ProviderError } from '../shared/http';
import type { YouTubePlaylistItem } from './client';

const t = await createSandboxedApp();
const channels = DEMO_ACCOUNTS.youtube;
const youtube = () => t.clients().youtube!;

afterEach(() => t.state.reset());

async function collect(pages: AsyncGenerator<YouTubePlaylistItem[]>) {
  const all: YouTubePlaylistItem[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

const mainSongs = () => t.world.songs.filter((s) => sourceKindOf(s.source) === 'yt');

describe('YouTube client against the sandbox', () => {
  it('finds the uploads playlist and pages through it to the end, newest first', async () => {
    const uploads = await youtube().uploadsPlaylistId(channels.main);
    expect(uploads).toBe(`UU${channels.main.slice(2)}`);
    const pages = await collect(youtube().playlistItems(uploads));
    const expected = [...mainSongs()].sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
    // 6 songs at 4 per page: two pages, the last one partial.
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    expect(pages.flat().map((i) => i.videoId)).toEqual(expected.map((s) => s.remoteId));
    expect(pages.flat().map((i) => i.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('reads video details: ISO 8601 duration, view count, medium thumbnail, privacy', async () => {
    const song = mainSongs()[0]!;
    const [video] = await youtube().videos([song.remoteId]);
    expect(video).toMatchObject({
      id: song.remoteId,
      title: song.name,
      durationSeconds: song.duration,
      views: song.views,
      privacy: 'public',
      channelId: channels.main,
    });
    expect(video!.publishedAt.toISOString()).toBe(song.uploadedAt.toISOString());
    expect(video!.thumbnailUrl).toBe(`${t.origin}/sandbox/youtube/vi/${song.remoteId}/mqdefault.jpg`);
    const image = await fetch(video!.thumbnailUrl!);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('shows a video gone private as "Private video" in the playlist and leaves it out of videos.list', async () => {
    const song = mainSongs()[1]!;
    t.state.setPrivacy(song.remoteId, 'private');
    const items = (await collect(youtube().playlistItems(await youtube().uploadsPlaylistId(channels.main)))).flat();
    const entry = items.find((i) => i.videoId === song.remoteId)!;
    expect(entry).toMatchObject({ privacy: 'private', title: 'Private video', ownerChannelId: null });
    expect(await youtube().video(song.remoteId)).toBeNull();
  });

  it('looks a video up by the link people paste (for flip requests)', async () => {
    const song = mainSongs()[2]!;
    expect((await youtube().videoByUrl(`https://youtu.be/${song.remoteId}?t=3`))?.title).toBe(song.name);
    expect((await youtube().videoByUrl(`https://www.youtube.com/watch?v=${song.remoteId}&list=PL123456789012`))?.id).toBe(song.remoteId);
    expect(await youtube().videoByUrl('https://vimeo.com/123')).toBeNull();
    // The stand-in answers as YouTube does for a private or deleted video.
    expect(await youtube().videoByUrl('https://www.youtube.com/watch?v=00000000000')).toBeNull();
  });

  it('looks a playlist up by id or link, and answers null for one that does not exist', async () => {
    const world = t.world.playlists.find((p) => p.provider === 'youtube' && p.type === 'community')!;
    const found = await youtube().playlist(world.remoteId);
    expect(found).toMatchObject({ id: world.remoteId, title: world.name, channelId: channels.fans, privacy: 'public' });
    expect(await youtube().playlist('PLdoesnotexist000000000000000000')).toBeNull();
    expect((await youtube().playlistByUrl(`https://www.youtube.com/playlist?list=${world.remoteId}`))?.id).toBe(world.remoteId);
  });

  it('lists a channel’s playlists over several pages', async () => {
    const expected = t.world.playlists.filter((p) => p.provider === 'youtube' && ['best_of', 'other', 'stream'].includes(p.type));
    const all = [];
    for await (const page of youtube().channelPlaylists(channels.main)) all.push(...page);
    expect(all.map((p) => p.id)).toEqual(expected.map((p) => p.remoteId));
  });

  it('retries a 429 after the Retry-After it was given, then succeeds', async () => {
    const recorder = recordingSleep();
    const fault = t.state.faults.inject({ provider: 'youtube', path: '/v3/videos', status: 429, retryAfter: 2 });
    const client = t.clients({ sleep: recorder.sleep }).youtube!;
    const [video] = await client.videos([mainSongs()[0]!.remoteId]);
    expect(video?.id).toBe(mainSongs()[0]!.remoteId);
    expect(fault.hits()).toBe(1);
    expect(recorder.delays).toEqual([2000]);
  });

  it('backs off exponentially on 500s and gives up with a clear error after its retries', async () => {
    const recorder = recordingSleep();
    t.state.faults.inject({ provider: 'youtube', path: '/v3/playlistItems', status: 500, times: Number.POSITIVE_INFINITY });
    const client = t.clients({ sleep: recorder.sleep, retry: { retries: 3, backoffMs: 100, maxBackoffMs: 250 } }).youtube!;
    const error = await collect(client.playlistItems('UUNovaAlmanacMain0000000')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'youtube', status: 500, details: { reason: 'backendError', attempts: 4 } });
    expect((error as Error).message).toMatch(
      /^YouTube answered 500 \(backendError\) to GET \/sandbox\/youtube\/v3\/playlistItems.* after 4 attempts: Backend Error$/,
    );
    expect((error as Error).message).not.toContain('key=demo');
    expect(recorder.delays).toEqual([100, 200, 250]);
  });

  it('gives up on a Retry-After longer than it is willing to wait', async () => {
    t.state.faults.inject({ provider: 'youtube', status: 429, retryAfter: 3600 });
    const error = await youtube()
      .videos(['abc'])
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/asks to wait 3600 s; giving up/);
  });

  it('times out a slow answer, retries, and reports the timeout', async () => {
    t.state.faults.inject({ provider: 'youtube', path: '/v3/channels', delayMs: 400, times: 2 });
    const client = t.clients({ timeoutMs: 100, retry: { retries: 1, backoffMs: 1, maxBackoffMs: 1 } }).youtube!;
    const error = await client.uploadsPlaylistId(channels.main).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: null });
    expect((error as Error).message).toMatch(/did not answer GET .*channels.* after 2 attempts: no answer within 100 ms/);
    // A slow answer within the timeout is simply waited for.
    t.state.faults.inject({ provider: 'youtube', path: '/v3/channels', delayMs: 50 });
    expect(await client.uploadsPlaylistId(channels.main)).toBe(`UU${channels.main.slice(2)}`);
  });

  it('is refused without the right API key, as YouTube refuses', async () => {
    const res = await fetch(`${t.origin}/sandbox/youtube/v3/videos?part=snippet&id=x`);
    expect(res.status).toBe(403);
    expect((await res.json()).error.errors[0].reason).toBe('forbidden');
    const wrong = await fetch(`${t.origin}/sandbox/youtube/v3/videos?part=snippet&id=x&key=nope`);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe('API key not valid. Please pass a valid API key.');
  });

  it('reports a missing playlist as a 404 with YouTube’s reason', async () => {
    const error = await collect(youtube().playlistItems('PLmissing0000000000000000000000000')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, details: { reason: 'playlistNotFound' } });
  });
});
