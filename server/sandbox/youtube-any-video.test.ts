import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxedApp } from './testing';
import { madeUpVideo, UNAVAILABLE_VIDEO_ID } from './youtube-any-video';

const t = await createSandboxedApp();
const youtube = () => t.clients().youtube!;

afterEach(() => t.state.reset());

describe('YouTube stand-in: videos outside the demo world', () => {
  it('answers any well-formed id with the same made-up public video every time', async () => {
    const [first] = await youtube().videos(['aB3-_xYz901']);
    const [again] = await youtube().videos(['aB3-_xYz901']);
    expect(first).toEqual(again);
    expect(first).toMatchObject({ id: 'aB3-_xYz901', privacy: 'public', liveBroadcastContent: 'none' });
    expect(first!.title).toBe(madeUpVideo('aB3-_xYz901')!.title);
    expect(first!.channelTitle).not.toBe('');
    expect(first!.durationSeconds).toBeGreaterThanOrEqual(120);
    expect(first!.thumbnailUrl).toBe(`${t.origin}/sandbox/youtube/vi/aB3-_xYz901/mqdefault.jpg`);
    const other = await youtube().video('Zz9-_abc123');
    expect(other!.title === first!.title && other!.channelId === first!.channelId).toBe(false);
  });

  it('serves the made-up video its thumbnail', async () => {
    const res = await t.app.inject({ url: '/sandbox/youtube/vi/aB3-_xYz901/mqdefault.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it(`leaves out ${UNAVAILABLE_VIDEO_ID}, as YouTube does for a private or deleted video`, async () => {
    expect(await youtube().videos([UNAVAILABLE_VIDEO_ID, 'aB3-_xYz901'])).toHaveLength(1);
    expect(await youtube().video(UNAVAILABLE_VIDEO_ID)).toBeNull();
  });

  it('keeps the world first: its songs as they are, and made-up videos hidden when made private', async () => {
    const song = t.world.songs.find((s) => s.provider === 'youtube')!;
    expect((await youtube().video(song.remoteId))!.title).toBe(song.name);
    t.state.setPrivacy('aB3-_xYz901', 'private');
    expect(await youtube().video('aB3-_xYz901')).toBeNull();
  });
});

describe('YouTube stand-in: videos of the demo request history', () => {
  it('answers them with the title the history gives them', async () => {
    const request = t.world.requests.find((r) => /^[A-Za-z0-9_-]{11}$/.test(r.videoId))!;
    const video = await youtube().video(request.videoId);
    expect(video).toMatchObject({ title: request.title, channelTitle: request.title.split(' - ')[0] });
  });
});
