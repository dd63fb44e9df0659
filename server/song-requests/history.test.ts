import { describe, expect, it } from 'vitest';
import { errorSchema, pageSchema } from '../../common/api';
import { NAME_CHARACTERS_MESSAGE, SURROGATE_MESSAGE } from '../../common/fields';
import { songRequestSchema } from '../../common/requests';
import { songRequests } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildSong, daysAgo } from '../testing/factories';
import { buildAdmin, buildUser } from '../testing/users';

const t = await createTestApp();
const admin = await buildAdmin(t.db);
const member = await buildUser(t.db);
const flipped = await buildSong(t.db, { name: 'Neon Harbor - Stream Flip' });
const other = await buildSong(t.db, { name: 'Another Song' });

/** 40 requests, one a day, newest last inserted; every fifth links the flipped song. */
const inserted = await t.db
  .insert(songRequests)
  .values(
    Array.from({ length: 40 }, (_, i) => ({
      videoId: `video${String(i).padStart(6, '0')}`,
      title: i % 2 === 0 ? `Neon Harbor cover ${i}` : `Velvet 100% Tides_${i}`,
      username: i % 3 === 0 ? 'LunaFan' : `viewer${i}`,
      mediaId: i % 5 === 0 ? flipped.id : null,
      createdAt: daysAgo(40 - i),
    })),
  )
  .returning();

const page = pageSchema(songRequestSchema).strict();
async function list(query = '') {
  const res = await t.app.inject({ url: `/api/requests/history${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return page.parse(res.json());
}

describe('GET /api/requests/history', () => {
  it('lists requests newest first, 30 to a page unless asked', async () => {
    const first = await list();
    expect(first).toMatchObject({ page: 1, size: 30, totalElements: 40, totalPages: 2, last: false });
    expect(first.content).toHaveLength(30);
    expect(first.content[0]).toEqual({
      id: inserted[39]!.id,
      mediaId: null,
      videoId: 'video000039',
      title: 'Velvet 100% Tides_39',
      username: 'LunaFan',
      createdAt: inserted[39]!.createdAt.toISOString(),
      sampleRequestId: null,
    });
    const dates = first.content.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await list('?page=2');
    expect(second.content).toHaveLength(10);
    expect(second.last).toBe(true);
  });

  it('pages with the size the web asks for (25)', async () => {
    const pages = [await list('?size=25&page=1'), await list('?size=25&page=2')];
    expect(pages.map((p) => [p.content.length, p.last])).toEqual([
      [25, false],
      [15, true],
    ]);
    expect(new Set(pages.flatMap((p) => p.content.map((r) => r.id))).size).toBe(40);
  });

  it('filters by song, by words of the title and by requester, case-insensitively', async () => {
    const bySong = await list(`?mediaId=${flipped.id}`);
    expect(bySong.totalElements).toBe(8);
    expect(bySong.content.every((r) => r.mediaId === flipped.id)).toBe(true);
    expect((await list(`?mediaId=${other.id}`)).content).toEqual([]);
    expect((await list('?title=neon%20harbor')).totalElements).toBe(20);
    expect((await list('?username=lunafan')).totalElements).toBe(14);
    expect((await list('?title=neon&username=LunaFan')).totalElements).toBe(7);
  });

  it('takes % and _ in a filter literally', async () => {
    expect((await list('?title=100%25')).totalElements).toBe(20);
    expect((await list('?title=s_3')).content.map((r) => r.title)).toEqual([
      'Velvet 100% Tides_39',
      'Velvet 100% Tides_37',
      'Velvet 100% Tides_35',
      'Velvet 100% Tides_33',
      'Velvet 100% Tides_31',
      'Velvet 100% Tides_3',
    ]);
  });

  it('drops a malformed filter and refuses a malformed page', async () => {
    expect((await list('?mediaId=abc')).totalElements).toBe(40);
    const res = await t.app.inject({ url: '/api/requests/history?page=x' });
    expect(res.statusCode).toBe(400);
    expect(errorSchema.parse(res.json()).message).toMatch(/page/);
  });
});

describe('GET /api/requests/history/{id}', () => {
  it('answers one request, or 404', async () => {
    const res = await t.app.inject({ url: `/api/requests/history/${inserted[5]!.id}` });
    expect(songRequestSchema.strict().parse(res.json())).toMatchObject({
      id: inserted[5]!.id,
      mediaId: flipped.id,
      videoId: 'video000005',
    });
    const missing = await t.app.inject({ url: '/api/requests/history/99999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Unknown request 99999999');
  });
});

describe('POST /api/requests/history/{id}', () => {
  const edit = (id: number, payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/requests/history/${id}`, payload, headers });

  it('lets an admin change the requester and the song, and clear the song', async () => {
    const id = inserted[1]!.id;
    const res = await edit(id, { username: '  NewName  ', mediaId: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, username: 'NewName', mediaId: other.id, title: 'Velvet 100% Tides_1' });
    expect((await list(`?mediaId=${other.id}`)).content.map((r) => r.id)).toEqual([id]);
    expect((await edit(id, { username: 'NewName', mediaId: null })).json().mediaId).toBeNull();
  });

  it('refuses a song that does not exist, and a name out of 3 to 32 characters', async () => {
    const id = inserted[2]!.id;
    const noSong = await edit(id, { username: 'Someone', mediaId: 99999999 });
    expect(noSong.statusCode).toBe(400);
    expect(noSong.json().message).toBe('mediaId: there is no song 99999999');
    for (const username of ['ab', 'x'.repeat(33)]) {
      const res = await edit(id, { username, mediaId: null });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('username must be 3 to 32 characters');
    }
    expect((await edit(99999999, { username: 'Someone', mediaId: null })).statusCode).toBe(404);
    // Beyond a database integer: refused at the edge, not a server error.
    const huge = await edit(id, { username: 'Someone', mediaId: 3_000_000_000 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^mediaId /);
  });

  it('refuses a name with a lone surrogate or a text-direction override, and keeps the name it had (issue 21)', async () => {
    const id = inserted[4]!.id;
    const cases = [
      // Stored as "abc\ufffddef" before: the name silently changed.
      ['abc\ud800def', `username ${SURROGATE_MESSAGE}`],
      // U+202E shows "abc\u202efdp.exe" as "abcexe.pdf".
      ['abc\u202edef', `username ${NAME_CHARACTERS_MESSAGE}`],
      ['abc\u2066def\u2069', `username ${NAME_CHARACTERS_MESSAGE}`],
      ['two\nlines', `username ${NAME_CHARACTERS_MESSAGE}`],
    ];
    for (const [username, message] of cases) {
      const res = await edit(id, { username, mediaId: null });
      expect(res.json(), JSON.stringify(username)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message,
        requestId: expect.any(String),
      });
    }
    expect((await t.app.inject({ url: `/api/requests/history/${id}` })).json().username).toBe(inserted[4]!.username);
    // Names in other scripts are names.
    expect((await edit(id, { username: 'ルナ・ファン', mediaId: null })).json().username).toBe('ルナ・ファン');
  });

  it('is for admins only', async () => {
    expect((await edit(inserted[3]!.id, { username: 'Someone', mediaId: null }, member.headers)).statusCode).toBe(403);
    expect((await edit(inserted[3]!.id, { username: 'Someone', mediaId: null }, {} as never)).statusCode).toBe(401);
  });
});
