import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playlistRequests, playlists } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { buildPlaylist } from '../testing/factories';
import { buildAdmin, buildUser, type TestUser } from '../testing/users';

/**
 * Playlist refresh requests and community submissions against the YouTube sandbox: the URL rules,
 * who may ask for what, and approval running the real playlist import.
 */

const t = await createSandboxedApp();
const community = t.world.playlists.filter((p) => p.type === 'community' && p.provider === 'youtube');
const url = (remoteId: string) => `https://www.youtube.com/playlist?list=${remoteId}`;

let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  expect((await t.sync.run('test')).ok).toBe(true);
  member = await buildUser(t.db, { displayName: 'Fan Person' });
  admin = await buildAdmin(t.db);
});
afterEach(() => t.state.reset());

const submit = (playlistUrl: unknown, user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/playlists/community', payload: { playlistUrl }, headers: user.headers });
const refresh = (payload: object, user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/playlists/refresh', payload, headers: user.headers });
const queue = async (type = '') => (await t.app.inject({ url: `/api/playlists/refresh?size=100${type}`, headers: admin.headers })).json();
const approve = (id: number) => t.app.inject({ method: 'POST', url: `/api/playlists/refresh/${id}/approve`, headers: admin.headers });

describe('POST /api/playlists/community', () => {
  it('refuses what is not a public YouTube playlist URL with a list parameter (spec 5)', async () => {
    const cases: [unknown, string][] = [
      ['', 'playlistUrl: A playlist URL is required'],
      ['https://youtube.com/playlist?list=PL1', 'playlistUrl: Must be at least 38 characters long'],
      ['not a url at all, but long enough to pass the length', 'playlistUrl: Must be valid URL'],
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=share', 'playlistUrl: Must be valid YouTube playlist URL'],
      ['https://vimeo.com/showcase/playlist?list=PL0123456789abcdefghij', 'playlistUrl: Must be valid YouTube playlist URL'],
    ];
    for (const [value, message] of cases) {
      const res = await submit(value, member);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, requestId: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/playlists/community', payload: {}, headers: member.headers })).statusCode).toBe(
      400,
    );
  });

  it('queues a submission (no playlistId); the same playlist pending again is the same request', async () => {
    const remoteId = community[0]!.remoteId;
    const res = await submit(url(remoteId), member);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), remoteId, submittedBy: 'Fan Person', updatedAt: expect.any(String) });
    // Without scheme, or a watch link inside the playlist: the same playlist.
    const again = await submit(`www.youtube.com/watch?v=abcdefghijk&list=${remoteId}`, member);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
    const listed = await queue('&type=submission');
    expect(listed.content).toEqual([res.json()]);
  });

  it('checks the playlist with YouTube: an unknown or private one is a 400 and queues nothing', async () => {
    const source = community[3]!;
    const before = (await queue('&type=submission')).totalElements;
    t.state.requests.length = 0;
    const unknown = await submit(url('PLnoSuchPlaylistAnywhere0000'), member);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('playlistUrl: No public YouTube playlist was found at that link');
    // playlists.list was asked (the stand-in answers an unknown id with no items, as YouTube does).
    expect(t.state.requests.some((r) => r.provider === 'youtube' && r.path.includes('/playlists?') && r.path.includes('PLnoSuch'))).toBe(
      true,
    );
    t.state.setPrivacy(source.remoteId, 'private');
    const hidden = await submit(url(source.remoteId), member);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe('playlistUrl: No public YouTube playlist was found at that link');
    expect((await queue('&type=submission')).totalElements).toBe(before);
    // YouTube failing is a 502, never a submission nobody could check.
    t.state.reset();
    t.state.faults.inject({ provider: 'youtube', path: '/playlists', status: 500, times: Number.POSITIVE_INFINITY });
    const failed = await submit(url(source.remoteId), member);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^Could not check the playlist with YouTube: YouTube answered 500/);
  });

  it('refuses a playlist already in the catalogue with a 409 saying where it is, with a link', async () => {
    const bestOf = t.world.playlists.find((p) => p.provider === 'youtube' && p.type === 'best_of')!;
    const [stored] = await t.db.select().from(playlists).where(eq(playlists.remoteId, bestOf.remoteId));
    const res = await submit(url(bestOf.remoteId), member);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: `"${stored!.name}" is already in the catalogue as a Best Of playlist`,
      link: `/playlists/${stored!.id}`,
      requestId: expect.any(String),
    });
  });

  it('an approval that cannot make a community playlist says why, and the request stays for a rejection', async () => {
    // Submitted before the check existed (or catalogued as Best Of since): a pending submission of a Best Of playlist.
    const bestOf = t.world.playlists.find((p) => p.provider === 'youtube' && p.type === 'best_of')!;
    const [stored] = await t.db.select().from(playlists).where(eq(playlists.remoteId, bestOf.remoteId));
    const [row] = await t.db
      .insert(playlistRequests)
      .values({ playlistId: null, remoteId: bestOf.remoteId, userId: member.id })
      .returning({ id: playlistRequests.id });
    const res = await approve(row!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `"${stored!.name}" is already in the catalogue as a Best Of playlist, so it cannot become a community playlist; reject this submission`,
      link: `/playlists/${stored!.id}`,
    });
    expect((await t.db.select().from(playlists).where(eq(playlists.id, stored!.id)))[0]!.type).toBe('best_of');
    expect((await t.db.select().from(playlistRequests).where(eq(playlistRequests.id, row!.id)))[0]!.status).toBe('pending');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/playlists/refresh/${row!.id}`, headers: admin.headers })).statusCode).toBe(
      200,
    );
  });

  it('approving a submission imports it as a community playlist and says what it added', async () => {
    const source = community[1]!;
    const { id } = (await submit(url(source.remoteId), member)).json();
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `Imported "${source.name}": ${source.songs.length} songs added, 2 other videos skipped`,
      report: expect.objectContaining({ remoteId: source.remoteId, created: true, added: source.songs.length, kept: 0, skipped: 2 }),
    });
    const [row] = await t.db.select().from(playlists).where(eq(playlists.remoteId, source.remoteId));
    expect(row).toMatchObject({ type: 'community', mediaCount: source.songs.length });
    const [record] = await t.db.select().from(playlistRequests).where(eq(playlistRequests.id, id));
    expect(record).toMatchObject({ status: 'approved', decidedBy: admin.id, playlistId: row!.id });
    expect(record!.decidedAt).toBeInstanceOf(Date);
    expect((await queue()).content.some((r: { id: number }) => r.id === id)).toBe(false);
    // The new playlist is in the community list at once.
    const listedNow = (await t.app.inject({ url: '/api/playlists?type=community&size=100' })).json();
    expect(listedNow.content.map((p: { id: number }) => p.id)).toContain(row!.id);
  });

  it('keeps a submission pending when YouTube fails, with a 502 saying so', async () => {
    const source = community[2]!;
    const { id } = (await submit(url(source.remoteId), member)).json();
    t.state.faults.inject({ provider: 'youtube', path: '/playlists', status: 500, times: Number.POSITIVE_INFINITY });
    const res = await approve(id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Could not read the playlist from YouTube: YouTube answered 500/);
    expect((await t.db.select().from(playlistRequests).where(eq(playlistRequests.id, id)))[0]!.status).toBe('pending');
    t.state.reset();
    // A playlist that went private cannot be imported: 404, still pending for the admin to reject.
    t.state.setPrivacy(source.remoteId, 'private');
    expect((await approve(id)).statusCode).toBe(404);
    const rejected = await t.app.inject({ method: 'DELETE', url: `/api/playlists/refresh/${id}`, headers: admin.headers });
    expect(rejected.json()).toEqual({ id, status: 'rejected' });
    expect((await t.db.select().from(playlistRequests).where(eq(playlistRequests.id, id)))[0]).toMatchObject({
      status: 'rejected',
      decidedBy: admin.id,
    });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/playlists/refresh/${id}`, headers: admin.headers })).statusCode).toBe(404);
  });
});

describe('POST /api/playlists/refresh', () => {
  it('lets a member ask for a community playlist, an admin for any; approval refreshes and reports', async () => {
    const source = community[1]!;
    const [stored] = await t.db.select().from(playlists).where(eq(playlists.remoteId, source.remoteId));
    const res = await refresh({ playlistId: stored!.id, remoteId: source.remoteId }, member);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ playlistId: stored!.id, playlistName: source.name, remoteId: source.remoteId });
    expect((await refresh({ playlistId: stored!.id }, member)).json().id).toBe(res.json().id);
    expect((await queue('&type=refresh')).content.map((r: { id: number }) => r.id)).toEqual([res.json().id]);
    expect((await queue('&type=submission')).content.some((r: { id: number }) => r.id === res.json().id)).toBe(false);

    t.state.setPrivacy(source.songs[0]!, 'private');
    const approved = await approve(res.json().id);
    expect(approved.json()).toEqual({
      message: `Refreshed "${source.name}": 0 added, ${source.songs.length - 1} kept, 1 removed, 3 other videos skipped`,
      report: expect.objectContaining({ created: false, kept: source.songs.length - 1, removed: 1 }),
    });
  });

  it('refuses members a non-community playlist (403), and everyone a SoundCloud one or a wrong remoteId (400)', async () => {
    const channel = t.world.playlists.find((p) => p.provider === 'youtube' && p.type === 'best_of')!;
    const [stored] = await t.db.select().from(playlists).where(eq(playlists.remoteId, channel.remoteId));
    const asMember = await refresh({ playlistId: stored!.id, remoteId: channel.remoteId }, member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('Only admins can request a refresh of this playlist');
    expect((await refresh({ playlistId: stored!.id, remoteId: channel.remoteId }, admin)).statusCode).toBe(201);

    const wrong = await refresh({ playlistId: stored!.id, remoteId: 'PLsomethingElse0000' }, admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(`remoteId: playlist ${stored!.id} is ${channel.remoteId} at YouTube, not PLsomethingElse0000`);
    const audio = await buildPlaylist(t.db, { provider: 'sound_cloud', source: 'nova_sc', type: 'community' });
    expect((await refresh({ playlistId: audio.id }, member)).statusCode).toBe(400);
    expect((await refresh({ playlistId: 999_999 }, member)).statusCode).toBe(404);
    expect((await refresh({ playlistId: 'x' }, member)).statusCode).toBe(400);
  });

  it('pages the queue oldest first, submissions and refreshes together unless a type is given', async () => {
    const all = await queue();
    const ids = all.content.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const small = (await t.app.inject({ url: '/api/playlists/refresh?page=1&size=1', headers: admin.headers })).json();
    expect(small).toMatchObject({ size: 1, totalElements: all.totalElements, last: all.totalElements <= 1 });
  });
});

describe('two at once', () => {
  const pendingOf = async (remoteId: string) =>
    (await t.db.select().from(playlistRequests).where(eq(playlistRequests.remoteId, remoteId))).filter((r) => r.status === 'pending');

  it('two members submitting the same playlist at once make one pending request', async () => {
    const source = community[3]!;
    const answers = await Promise.all([submit(url(source.remoteId), member), submit(url(source.remoteId), admin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    expect(await pendingOf(source.remoteId)).toHaveLength(1);
  });

  it('two refresh requests for one playlist at once make one pending request', async () => {
    const source = community[1]!;
    const [stored] = await t.db.select().from(playlists).where(eq(playlists.remoteId, source.remoteId));
    const answers = await Promise.all([refresh({ playlistId: stored!.id }, member), refresh({ playlistId: stored!.id }, admin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    expect((await pendingOf(source.remoteId)).filter((r) => r.playlistId === stored!.id)).toHaveLength(1);
  });

  it('the database refuses a second pending request for one playlist', async () => {
    const source = community[1]!;
    const [stored] = await t.db.select().from(playlists).where(eq(playlists.remoteId, source.remoteId));
    const row = { playlistId: stored!.id, remoteId: source.remoteId, userId: member.id };
    await t.db.insert(playlistRequests).values(row).onConflictDoNothing();
    await expect(t.db.insert(playlistRequests).values(row)).rejects.toThrow();
  });

  it('two admins approving one request at once import it once; the other hears it is taken', async () => {
    const source = community[3]!;
    const { id } = (await submit(url(source.remoteId), member)).json();
    const second = await buildAdmin(t.db);
    t.state.requests.length = 0;
    const answers = await Promise.all([
      approve(id),
      t.app.inject({ method: 'POST', url: `/api/playlists/refresh/${id}/approve`, headers: second.headers }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      `Playlist request ${id} is being approved by another admin right now`,
    );
    const playlistReads = t.state.requests.filter((r) => r.provider === 'youtube' && r.path.includes('/playlists?'));
    expect(playlistReads).toHaveLength(1);
    expect((await approve(id)).statusCode).toBe(404);
  });

  it('a failed import frees the request for the next approval', async () => {
    const { id } = (await submit(url(community[0]!.remoteId), member)).json();
    t.state.faults.inject({ provider: 'youtube', path: '/playlists', status: 500, times: Number.POSITIVE_INFINITY });
    expect((await approve(id)).statusCode).toBe(502);
    t.state.reset();
    expect((await approve(id)).statusCode).toBe(200);
  });

  it('an import claim left by a crash expires: the request can be approved again', async () => {
    // community[0] is catalogued by now (the test above): community[2] was only ever rejected.
    const { id } = (await submit(url(community[2]!.remoteId), member)).json();
    const pastTheClaim = new Date(Date.now() - 11 * 60_000);
    await t.db.update(playlistRequests).set({ status: 'importing', updatedAt: new Date() }).where(eq(playlistRequests.id, id));
    expect((await approve(id)).statusCode).toBe(409);
    await t.db.update(playlistRequests).set({ updatedAt: pastTheClaim }).where(eq(playlistRequests.id, id));
    expect((await approve(id)).statusCode).toBe(200);
  });
});
