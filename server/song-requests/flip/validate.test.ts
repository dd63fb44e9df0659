import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../common/api';
import { validatedFlipSchema } from '../../../common/flip';
import { flipRequests, songRequests } from '../../db/schema';
import { createSandboxedApp } from '../../sandbox/testing';
import { madeUpVideo } from '../../sandbox/youtube-any-video';
import { buildSong, daysAgo } from '../../testing/factories';
import { buildAdmin, buildUser } from '../../testing/users';
import { tooLongMessage } from './service';

const NOW = new Date('2026-03-01T12:00:00Z');
const t = await createSandboxedApp({ now: () => NOW });
const admin = await buildAdmin(t.db);
const member = await buildUser(t.db, { displayName: 'Member_One' });
const VIDEO = 'aB3-_xYz901';
const LINK = `https://www.youtube.com/watch?v=${VIDEO}&t=42s`;

afterEach(() => t.state.reset());

const validate = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/requests/flip/validate', payload, headers });

async function refused(payload: object, status: number, headers: Record<string, string> = {}) {
  const res = await validate(payload, headers);
  expect(res.statusCode, res.body).toBe(status);
  return errorSchema.parse(res.json()).message;
}

describe('POST /api/requests/flip/validate', () => {
  it('answers the video, no earlier requests and a sid naming a stored request at the flip price', async () => {
    const res = await validate({ mediaUrl: LINK, username: 'Night-Owl' });
    expect(res.statusCode, res.body).toBe(200);
    const body = validatedFlipSchema.strict().parse(res.json());
    const video = madeUpVideo(VIDEO)!;
    expect(body.media).toEqual({
      thumbnailUrl: `/sandbox/youtube/vi/${VIDEO}/mqdefault.jpg`,
      mediaUrl: `https://www.youtube.com/watch?v=${VIDEO}`,
      title: video.title,
      author: video.channelTitle,
      duration: video.durationSeconds,
    });
    expect(body.previousRequests).toEqual([]);
    expect(body.sid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [stored] = await t.db.select().from(flipRequests).where(eq(flipRequests.sid, body.sid));
    expect(stored).toMatchObject({
      videoId: VIDEO,
      username: 'Night-Owl',
      userId: null,
      amountCents: 2000,
      currency: 'USD',
      expiresAt: new Date(NOW.getTime() + 3_600_000),
    });
    // Each validation is a new request with its own sid.
    const again = validatedFlipSchema.parse((await validate({ mediaUrl: LINK, username: 'Night-Owl' })).json());
    expect(again.sid).not.toBe(body.sid);
  });

  it.each([
    `https://youtu.be/${VIDEO}?si=abc`,
    `https://m.youtube.com/watch?v=${VIDEO}`,
    `https://music.youtube.com/watch?v=${VIDEO}&list=RDAMVM${VIDEO}`,
    `https://www.youtube.com/shorts/${VIDEO}`,
  ])('accepts %s', async (mediaUrl) => {
    const res = await validate({ mediaUrl, username: 'Night-Owl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media.mediaUrl).toBe(`https://www.youtube.com/watch?v=${VIDEO}`);
  });

  it('lists every earlier request of the video, newest first, with the song when one came of it', async () => {
    const song = await buildSong(t.db, { name: 'Flipped' });
    const [monthAgo, twoDaysAgo] = [daysAgo(30), daysAgo(2)];
    const old = { videoId: 'Prev1234567', title: 'Earlier title', username: 'first-fan', createdAt: monthAgo };
    await t.db
      .insert(songRequests)
      .values([
        old,
        { ...old, username: 'second-fan', mediaId: song.id, createdAt: twoDaysAgo },
        { ...old, videoId: 'Other123456', username: 'other-fan', createdAt: daysAgo(1) },
      ]);
    const body = validatedFlipSchema.parse((await validate({ mediaUrl: 'https://youtu.be/Prev1234567', username: 'Night-Owl' })).json());
    expect(body.previousRequests).toEqual([
      { videoId: 'Prev1234567', title: 'Earlier title', username: 'second-fan', mediaId: song.id, requestedAt: twoDaysAgo.toISOString() },
      { videoId: 'Prev1234567', title: 'Earlier title', username: 'first-fan', requestedAt: monthAgo.toISOString() },
    ]);
  });

  it('refuses a link that is not a YouTube video link', async () => {
    for (const mediaUrl of ['https://vimeo.com/watch?v=aB3-_xYz901', 'https://www.youtube.com/playlist?list=PLxxxxxxxxxxxxxxxx', VIDEO]) {
      expect(await refused({ mediaUrl, username: 'Night-Owl' }, 400)).toBe('mediaUrl is not a YouTube video link');
    }
    expect(await refused({ username: 'Night-Owl' }, 400)).toMatch(/mediaUrl/);
  });

  it('refuses an unknown, private or deleted video', async () => {
    const message = 'This YouTube video does not exist, or it is private or deleted';
    expect(await refused({ mediaUrl: 'https://www.youtube.com/watch?v=00000000000', username: 'Night-Owl' }, 400)).toBe(message);
    t.state.setPrivacy(VIDEO, 'private');
    expect(await refused({ mediaUrl: LINK, username: 'Night-Owl' }, 400)).toBe(message);
  });

  it('refuses a video longer than FLIP_MAX_VIDEO_MINUTES (15 by default), saying the limit, and stores nothing', async () => {
    const before = (await t.db.select().from(flipRequests)).length;
    t.state.patch(VIDEO, { duration: 15 * 60 + 1 });
    expect(await refused({ mediaUrl: LINK, username: 'Night-Owl' }, 400)).toBe(tooLongMessage(15));
    expect(tooLongMessage(15)).toBe('This video is too long for a flip request: videos of up to 15 minutes can be requested');
    expect(await t.db.select().from(flipRequests)).toHaveLength(before);
    t.state.patch(VIDEO, { duration: 15 * 60 });
    expect((await validate({ mediaUrl: LINK, username: 'Night-Owl' })).statusCode).toBe(200);
  });

  it('answers 502 when YouTube fails, and stores nothing', async () => {
    const before = (await t.db.select().from(flipRequests)).length;
    t.state.faults.inject({ provider: 'youtube', status: 500, times: 10 });
    expect(await refused({ mediaUrl: LINK, username: 'Night-Owl' }, 502)).toBe('Could not check the video with YouTube; please try again');
    expect(await t.db.select().from(flipRequests)).toHaveLength(before);
  });

  it('needs a nickname of 3 to 32 letters, digits or dashes when logged out', async () => {
    expect(await refused({ mediaUrl: LINK }, 400)).toBe('username is required when not logged in');
    expect(await refused({ mediaUrl: LINK, username: '  ' }, 400)).toBe('username is required when not logged in');
    expect(await refused({ mediaUrl: LINK, username: 'ab' }, 400)).toBe('username must be 3 to 32 characters');
    expect(await refused({ mediaUrl: LINK, username: 'x'.repeat(33) }, 400)).toBe('username must be 3 to 32 characters');
    for (const username of ['night owl', 'night_owl', 'nuit-blanche!', '<script>']) {
      expect(await refused({ mediaUrl: LINK, username }, 400)).toBe('username may only hold letters, numbers or dashes');
    }
  });

  it("uses a logged-in user's display name and ignores the nickname", async () => {
    const res = await validate({ mediaUrl: LINK, username: 'x' }, member.headers);
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await t.db.select().from(flipRequests).where(eq(flipRequests.sid, res.json().sid));
    expect(stored).toMatchObject({ username: 'Member_One', userId: member.id });
  });

  it('refuses while flips are disabled, with the notice as message', async () => {
    await t.app.inject({ method: 'POST', url: '/api/requests/flip/enabled', headers: admin.headers });
    try {
      expect(await refused({ mediaUrl: LINK, username: 'Night-Owl' }, 409)).toBe(
        'Flip requests are not currently enabled. Check back again during the next livestream!',
      );
    } finally {
      await t.app.inject({ method: 'POST', url: '/api/requests/flip/enabled', headers: admin.headers });
    }
  });
});

const short = await createSandboxedApp({ now: () => NOW, env: { FLIP_MAX_VIDEO_MINUTES: '3' } });

describe('FLIP_MAX_VIDEO_MINUTES', () => {
  it('sets the limit VERIFY refuses past', async () => {
    short.state.patch(VIDEO, { duration: 3 * 60 + 1 });
    const res = await short.app.inject({
      method: 'POST',
      url: '/api/requests/flip/validate',
      payload: { mediaUrl: LINK, username: 'Night-Owl' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorSchema.parse(res.json()).message).toBe(tooLongMessage(3));
  });
});
