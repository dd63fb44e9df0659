import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../common/api';
import { BLOCKED_MESSAGE, blocklistEntrySchema, blocklistSchema } from '../../../common/blocklist';
import { flipRequests } from '../../db/schema';
import { createSandboxedApp } from '../../sandbox/testing';
import { madeUpVideo } from '../../sandbox/youtube-any-video';
import { buildAdmin } from '../../testing/users';

/** The flip blocklist (issue 19 "Fair limits"): admins keep videos and channels off the requests; VERIFY refuses them. */

const t = await createSandboxedApp();
const admin = await buildAdmin(t.db, { displayName: 'Mod_One' });
const VIDEO = 'aB3-_xYz901';
const OTHER = 'Zz9-_aBc123';
const CHANNEL = madeUpVideo(VIDEO)!.channelId;

afterEach(async () => {
  for (const entry of await list()) await remove(entry.id);
});

const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/requests/blocklist', payload, headers: admin.headers });
const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/requests/blocklist/${id}`, headers: admin.headers });
const list = async () =>
  blocklistSchema.parse((await t.app.inject({ url: '/api/requests/blocklist', headers: admin.headers })).json()).content;
const verify = (videoId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/requests/flip/validate',
    payload: { mediaUrl: `https://youtu.be/${videoId}`, username: 'Night-Owl' },
  });

describe('the flip blocklist', () => {
  it('keeps a video off: VERIFY refuses it with a neutral message and stores nothing; other videos pass', async () => {
    const entry = blocklistEntrySchema.parse((await add({ kind: 'video', value: `https://www.youtube.com/watch?v=${VIDEO}&t=3s` })).json());
    expect(entry).toMatchObject({ kind: 'video', value: VIDEO, addedBy: 'Mod_One' });
    const before = (await t.db.select().from(flipRequests)).length;
    const refused = await verify(VIDEO);
    expect(refused.statusCode).toBe(400);
    expect(errorSchema.parse(refused.json()).message).toBe(BLOCKED_MESSAGE);
    expect(await t.db.select().from(flipRequests)).toHaveLength(before);
    expect((await verify(OTHER)).statusCode).toBe(200);
    expect((await remove(entry.id)).statusCode).toBe(200);
    expect((await verify(VIDEO)).statusCode).toBe(200);
  });

  it("keeps a channel off: every video of it is refused, by the channel's id or its /channel/ link", async () => {
    const entry = blocklistEntrySchema.parse(
      (await add({ kind: 'channel', value: `https://www.youtube.com/channel/${CHANNEL}/videos` })).json(),
    );
    expect(entry.value).toBe(CHANNEL);
    expect(errorSchema.parse((await verify(VIDEO)).json()).message).toBe(BLOCKED_MESSAGE);
  });

  it('adds an entry once, lists it, and answers 404 for an entry that is not there', async () => {
    const first = blocklistEntrySchema.parse((await add({ kind: 'video', value: VIDEO })).json());
    const again = blocklistEntrySchema.parse((await add({ kind: 'video', value: ` ${VIDEO} ` })).json());
    expect(again.id).toBe(first.id);
    expect(await list()).toEqual([first]);
    expect((await remove(first.id)).statusCode).toBe(200);
    expect((await remove(first.id)).statusCode).toBe(404);
  });

  it('refuses what is not a video or a channel, naming the field', async () => {
    for (const payload of [
      { kind: 'video', value: 'not a video' },
      { kind: 'channel', value: '@some_handle' },
      { kind: 'channel', value: VIDEO },
    ]) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorSchema.parse(res.json()).message).toMatch(/^value must be a YouTube/);
    }
    expect((await add({ kind: 'playlist', value: VIDEO })).statusCode).toBe(400);
    expect(await list()).toEqual([]);
  });
});
