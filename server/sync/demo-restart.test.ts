import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRuns, media, playlists, songRequests } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { DEMO_FILL_JOB, ensureDemoCatalogue } from './demo';

/**
 * A kill during the first demo fill: the songs were synced, then the process died before the
 * community playlists, the tags and the request history. The next start must finish the fill, which
 * the songs alone cannot tell; a completed fill is not run again.
 */

const t = await createSandboxedApp();
const start = () =>
  ensureDemoCatalogue({ sync: t.sync, jobs: t.jobs, db: t.db, world: t.world, changed: () => t.catalogue.changed() }, () => {});

const count = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
const tagged = () => count(t.db.select({ n: sql<number>`count(*)::int` }).from(media).where(sql`cardinality(${media.tagIds}) > 0`));
const history = () => count(t.db.select({ n: sql<number>`count(*)::int` }).from(songRequests));
const community = () => count(t.db.select({ n: sql<number>`count(*)::int` }).from(playlists).where(eq(playlists.type, 'community')));

describe('the demo fill after a kill', () => {
  it('is finished at the next start: tags, request history and community playlists', async () => {
    // What the killed start left: its run begun, the songs synced, nothing after that.
    await t.db.insert(jobRuns).values({ name: DEMO_FILL_JOB, startedAt: new Date() });
    expect((await t.sync.run('demo start')).ok).toBe(true);
    const communityPlaylists = t.world.playlists.filter((p) => p.type === 'community' && p.provider === 'youtube').length;
    expect(await count(t.db.select({ n: sql<number>`count(*)::int` }).from(media))).toBe(t.world.songs.length);
    expect([await tagged(), await history()]).toEqual([0, 0]);
    const before = await community();

    const fill = await start();
    expect(fill).toMatchObject({ ok: true, requests: t.world.requests.length });
    expect(await tagged()).toBe(t.world.songs.filter((s) => s.tags.length > 0).length);
    expect(await history()).toBe(t.world.requests.length);
    expect(communityPlaylists).toBe(4);
    expect(await community()).toBe(before + communityPlaylists);
    expect(await t.jobs.lastRun(DEMO_FILL_JOB)).toMatchObject({ ok: true, error: null });
  });

  it('is not run again once complete', async () => {
    expect(await start()).toBeNull();
    expect(await history()).toBe(t.world.requests.length);
  });
});
