import { describe, expect, it } from 'vitest';
import { type Media, mediaSchema, type Page, pageSchema } from '../../common/api';
import { createTestApp } from '../testing/app';
import { buildSong, buildStream, buildTag } from '../testing/factories';

const t = await createTestApp();

async function recommended(id: number, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/media/${id}/recommended${query}` });
  expect(res.statusCode).toBe(200);
  return pageSchema(mediaSchema).parse(res.json()) as Page<Media>;
}

const ids = (page: Page<Media>) => page.content.map((m) => m.id);

describe('GET /api/media/:id/recommended', () => {
  it('answers songs that share a tag or the stream, never the song itself or unrelated songs', async () => {
    const tag = await buildTag(t.db);
    const otherTag = await buildTag(t.db);
    const stream = await buildStream(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id], streamId: stream.id });
    const sameTag = await buildSong(t.db, { tagIds: [tag.id, otherTag.id] });
    const sameStream = await buildSong(t.db, { streamId: stream.id });
    await buildSong(t.db, { tagIds: [otherTag.id] });
    await buildSong(t.db, { streamId: (await buildStream(t.db)).id });
    await buildSong(t.db);
    const page = await recommended(song.id);
    expect(ids(page).sort((a, b) => a - b)).toEqual([sameTag.id, sameStream.id].sort((a, b) => a - b));
    expect(page).toMatchObject({ page: 1, totalElements: 2, totalPages: 1, last: true });
  });

  it('puts the songs that share the most first', async () => {
    const [a, b, c] = [await buildTag(t.db), await buildTag(t.db), await buildTag(t.db)];
    const stream = await buildStream(t.db);
    const song = await buildSong(t.db, { tagIds: [a.id, b.id, c.id], streamId: stream.id });
    const oneTag = await buildSong(t.db, { tagIds: [a.id], views: 10_000 });
    const threeTags = await buildSong(t.db, { tagIds: [a.id, b.id, c.id], streamId: stream.id });
    const twoTags = await buildSong(t.db, { tagIds: [b.id, c.id], views: 5 });
    expect(ids(await recommended(song.id))).toEqual([threeTags.id, twoTags.id, oneTag.id]);
  });

  it('breaks ties by views', async () => {
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id] });
    const quiet = await buildSong(t.db, { tagIds: [tag.id], views: 1 });
    const loud = await buildSong(t.db, { tagIds: [tag.id], views: 900 });
    expect(ids(await recommended(song.id))).toEqual([loud.id, quiet.id]);
  });

  it('recommends by stream alone for a song without tags', async () => {
    const stream = await buildStream(t.db);
    const song = await buildSong(t.db, { streamId: stream.id });
    const sibling = await buildSong(t.db, { streamId: stream.id });
    expect(ids(await recommended(song.id))).toEqual([sibling.id]);
  });

  it('answers an empty page for a song with neither tags nor stream', async () => {
    const song = await buildSong(t.db);
    expect(await recommended(song.id)).toEqual({ content: [], page: 1, size: 21, totalElements: 0, totalPages: 0, last: true });
  });

  it('leaves unavailable songs out', async () => {
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id] });
    await buildSong(t.db, { tagIds: [tag.id], unavailable: true, views: 1_000_000 });
    const shown = await buildSong(t.db, { tagIds: [tag.id] });
    expect(ids(await recommended(song.id))).toEqual([shown.id]);
  });

  it('pages stably without overlap or gaps, with a true total past the end', async () => {
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id] });
    const related = [];
    // Equal rank and views everywhere, so only the tie-break keeps pages apart.
    for (let i = 0; i < 7; i++) related.push((await buildSong(t.db, { tagIds: [tag.id] })).id);
    const whole = ids(await recommended(song.id, '?size=100'));
    expect([...whole].sort((a, b) => a - b)).toEqual(related);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await recommended(song.id, `?size=3&page=${page}`));
    expect(pages.flatMap(ids)).toEqual(whole);
    expect(pages.map((p) => [p.page, p.totalElements, p.totalPages, p.last])).toEqual([
      [1, 7, 3, false],
      [2, 7, 3, false],
      [3, 7, 3, true],
    ]);
    expect(await recommended(song.id, '?size=3&page=9')).toEqual({
      content: [],
      page: 9,
      size: 3,
      totalElements: 7,
      totalPages: 3,
      last: true,
    });
  });

  it('clamps paging like every list', async () => {
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id] });
    await buildSong(t.db, { tagIds: [tag.id] });
    const page = await recommended(song.id, '?page=0&size=10000');
    expect(page).toMatchObject({ page: 1, size: 100, totalElements: 1 });
  });

  it('answers 404 for an unknown song or a path that cannot be an id, and 400 for bad input', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/media/987654/recommended' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const badId = await t.app.inject({ method: 'GET', url: '/api/media/abc/recommended' });
    expect(badId.statusCode).toBe(404);
    expect(badId.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No such path: GET /api/media/abc/recommended',
      requestId: expect.any(String),
    });
    const song = await buildSong(t.db);
    const badPage = await t.app.inject({ method: 'GET', url: `/api/media/${song.id}/recommended?page=abc` });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toMatch(/^page\b/);
  });
});
