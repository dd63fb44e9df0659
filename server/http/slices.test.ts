import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';
import { buildUser } from '../testing/users';

/** A test of one slice boots it and the slices it declares it needs, and nothing else (app.ts, http/slice.ts). */
const t = await createTestApp({}, { slices: ['likes'] });

describe('booting a subset of slices', () => {
  it('registers the named slice and its dependencies', async () => {
    for (const name of ['core', 'providers', 'accounts', 'read-cache', 'events', 'catalogue', 'likes']) {
      expect(t.app.hasPlugin(name), name).toBe(true);
    }
    const song = await buildSong(t.db);
    const member = await buildUser(t.db);
    expect((await t.app.inject({ url: `/api/media/${song.id}` })).statusCode).toBe(200);
    const like = await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like`, headers: member.headers });
    expect(like.json()).toEqual({ liked: true });
    // Access is enforced in a subset too: it comes with accounts, which every slice with routes needs.
    expect((await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like` })).statusCode).toBe(401);
  });

  it('leaves the other slices out', async () => {
    for (const name of ['radio', 'payments', 'sync', 'site', 'jobs']) expect(t.app.hasPlugin(name), name).toBe(false);
    expect(t.radio).toBeUndefined();
    expect((await t.app.inject({ url: '/api/radio/history?station=top' })).statusCode).toBe(404);
  });
});
