import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LYRICS_MAX } from '../../common/edits';
import { SURROGATE_MESSAGE } from '../../common/fields';
import { clips, editRequests, media, playlists, streams, tags } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag } from '../testing/factories';
import { buildAdmin, buildUser, type TestUser } from '../testing/users';

/** Edits (spec 2 edit views, spec 3 payloads, spec 4 "Edit request"): SAVE, PROPOSE CHANGE, approve, reject. */

const t = await createTestApp();

let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  member = await buildUser(t.db, { displayName: 'Viewer One' });
  admin = await buildAdmin(t.db, { displayName: 'The Admin' });
});

const edit = (kind: string, id: number, payload: unknown, user: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/${kind}/${id}`, payload: payload as object, headers: user.headers });
const queue = async (kind: string) => (await t.app.inject({ url: `/api/${kind}/edits?size=100`, headers: admin.headers })).json();
const songRow = async (id: number) => (await t.db.select().from(media).where(eq(media.id, id)))[0]!;
const requestRow = async (id: number) => (await t.db.select().from(editRequests).where(eq(editRequests.id, id)))[0]!;

describe('a member proposes a change (PROPOSE CHANGE)', () => {
  it('queues an edit request holding only the changed fields; the song is unchanged until approved', async () => {
    const stream = await buildStream(t.db, { duration: 7200 });
    const rock = await buildTag(t.db, 'Rock ballad');
    const song = await buildSong(t.db, { lyrics: 'old words' });
    const res = await edit(
      'media',
      song.id,
      // The web sends the edited item: read-only fields are ignored; the timestamp is a string.
      { id: song.id, name: 'Renamed?', streamId: stream.id, streamTimestamp: '1:02:03', lyrics: 'old words', tags: [rock.id] },
      member,
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ applied: false, requestId: expect.any(Number) });
    expect(await songRow(song.id)).toMatchObject({
      streamId: null,
      streamTimestamp: null,
      lyrics: 'old words',
      tagIds: [],
      name: song.name,
    });

    const pending = (await queue('media')).content.find((r: { id: number }) => r.id === res.json().requestId);
    expect(pending).toEqual({
      id: res.json().requestId,
      entityId: song.id,
      entityName: song.name,
      userName: 'Viewer One',
      updatedAt: expect.any(String),
      changes: { streamId: stream.id, streamTimestamp: 3723, tags: [rock.id] },
    });
  });

  it('refuses a proposal that changes nothing', async () => {
    const song = await buildSong(t.db, { lyrics: 'same' });
    const res = await edit('media', song.id, { lyrics: 'same', tags: [] }, member);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing to change: the song already looks like that');
  });
});

describe('an admin saves (SAVE)', () => {
  it('applies at once in one go, and keeps the change as an approved request', async () => {
    const stream = await buildStream(t.db, { duration: 600 });
    const tag = await buildTag(t.db, 'Glitterwave');
    const song = await buildSong(t.db, { name: 'Plain Song' });
    // A search before the edit builds the index: the edit must announce itself to be seen after.
    expect((await t.app.inject({ url: '/api/media?q=glitterwave' })).json().content).toEqual([]);
    const res = await edit('media', song.id, { streamId: stream.id, streamTimestamp: 90, lyrics: 'new words here', tags: [tag.id] }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ applied: true, requestId: null });
    expect(await songRow(song.id)).toMatchObject({ streamId: stream.id, streamTimestamp: 90, lyrics: 'new words here', tagIds: [tag.id] });
    const read = (await t.app.inject({ url: `/api/media/${song.id}` })).json();
    expect(read).toMatchObject({ streamId: stream.id, streamTimestamp: 90, tags: [{ id: tag.id, name: 'Glitterwave' }] });
    // Searchable by the new tag at once (the edit announces catalogue.changed).
    const found = (await t.app.inject({ url: '/api/media?q=glitterwave' })).json();
    expect(found.content.map((m: { id: number }) => m.id)).toContain(song.id);
    // Not in the queue, but recorded.
    expect((await queue('media')).content.some((r: { entityId: number }) => r.entityId === song.id)).toBe(false);
    const [record] = await t.db.select().from(editRequests).where(eq(editRequests.entityId, song.id));
    expect(record).toMatchObject({ kind: 'media', status: 'approved', userId: admin.id, decidedBy: admin.id });
    expect(record!.decidedAt).toBeInstanceOf(Date);
  });

  it('clears a field with null or an empty value', async () => {
    const stream = await buildStream(t.db);
    const song = await buildSong(t.db, { streamId: stream.id, streamTimestamp: 10, lyrics: 'words' });
    const res = await edit('media', song.id, { streamTimestamp: '', lyrics: null }, admin);
    expect(res.statusCode).toBe(200);
    expect(await songRow(song.id)).toMatchObject({ streamId: stream.id, streamTimestamp: null, lyrics: null });
  });

  it('edits streams (tags), playlists and clips (stream id and tags)', async () => {
    const tag = await buildTag(t.db);
    const stream = await buildStream(t.db);
    const playlist = await buildPlaylist(t.db);
    const clip = await buildClip(t.db);
    expect((await edit('streams', stream.id, { tags: [tag.id] }, admin)).statusCode).toBe(200);
    expect((await edit('playlists', playlist.id, { streamId: stream.id, tags: [tag.id] }, admin)).statusCode).toBe(200);
    expect((await edit('clips', clip.id, { streamId: stream.id, tags: [tag.id] }, admin)).statusCode).toBe(200);
    expect((await t.db.select().from(streams).where(eq(streams.id, stream.id)))[0]!.tagIds).toEqual([tag.id]);
    expect((await t.db.select().from(playlists).where(eq(playlists.id, playlist.id)))[0]).toMatchObject({
      streamId: stream.id,
      tagIds: [tag.id],
    });
    expect((await t.db.select().from(clips).where(eq(clips.id, clip.id)))[0]).toMatchObject({ streamId: stream.id, tagIds: [tag.id] });
    // A stream edit has no stream id: the field is not part of its payload and is ignored.
    const ignored = await edit('streams', stream.id, { streamId: 12345, tags: [tag.id] }, member);
    expect(ignored.statusCode).toBe(400);
    expect(ignored.json().message).toMatch(/^Nothing to change/);
  });
});

describe('validation: a clear 400, and nothing half-applied', () => {
  it('refuses unknown tags, unknown streams, timestamps past the stream’s end or without a stream, long lyrics', async () => {
    const stream = await buildStream(t.db, { duration: 3600 });
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { lyrics: 'keep me' });
    const cases: [unknown, string | RegExp][] = [
      [{ tags: [tag.id, 999_999] }, 'tags: unknown tag id 999999'],
      [{ lyrics: 'changed', streamId: 999_999 }, 'streamId: there is no stream 999999'],
      [
        { streamId: stream.id, streamTimestamp: '1:00:01' },
        `streamTimestamp: 1:00:01 is past the end of stream ${stream.id} (1:00:00 long)`,
      ],
      [{ streamTimestamp: '30' }, 'streamTimestamp: a stream timestamp needs a stream (streamId)'],
      [{ streamId: stream.id, streamTimestamp: 'soon' }, /^streamTimestamp must be a time like 754, 12:34 or 1:02:03/],
      [{ lyrics: 'x'.repeat(LYRICS_MAX + 1) }, `lyrics may be at most ${LYRICS_MAX} characters long`],
      // Issue 21: JSON's "ok\ud800" is a lone surrogate, which a jsonb edit request cannot hold (it was a 500).
      [{ lyrics: 'ok\ud800' }, `lyrics ${SURROGATE_MESSAGE}`],
      [{ lyrics: '\udc00 trailing half' }, `lyrics ${SURROGATE_MESSAGE}`],
      [{ tags: ['rock'] }, /^tags\.0 /],
      [{ streamId: -3 }, /^streamId /],
    ];
    for (const [payload, message] of cases) {
      for (const user of [admin, member]) {
        const res = await edit('media', song.id, payload, user);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        if (typeof message === 'string') expect(res.json().message).toBe(message);
        else expect(res.json().message).toMatch(message);
      }
    }
    // Nothing of the valid parts (the lyrics beside a bad stream) was applied or queued.
    expect(await songRow(song.id)).toMatchObject({ lyrics: 'keep me', streamId: null, tagIds: [] });
    expect(await t.db.select().from(editRequests).where(eq(editRequests.entityId, song.id))).toEqual([]);
  });

  it('keeps characters outside the BMP (surrogate pairs) as sent, proposed and saved', async () => {
    const song = await buildSong(t.db);
    const words = 'la la 😀 \u{1D11E}';
    const proposed = await edit('media', song.id, { lyrics: words }, member);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await requestRow(proposed.json().requestId)).changes).toEqual({ lyrics: words });
    expect((await edit('media', song.id, { lyrics: words }, admin)).statusCode).toBe(200);
    expect((await songRow(song.id)).lyrics).toBe(words);
  });

  it('answers 404 for an unknown item', async () => {
    const res = await edit('playlists', 999_999, { tags: [] }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unknown playlist 999999');
  });
});

describe('the admin’s queue: approve and reject', () => {
  it('approves: applies the changes and records who decided and when', async () => {
    const tag = await buildTag(t.db);
    const stream = await buildStream(t.db);
    const proposed = (await edit('streams', stream.id, { tags: [tag.id] }, member)).json();
    const res = await t.app.inject({ method: 'POST', url: `/api/streams/edits/${proposed.requestId}/approve`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: proposed.requestId, status: 'approved' });
    expect((await t.db.select().from(streams).where(eq(streams.id, stream.id)))[0]!.tagIds).toEqual([tag.id]);
    const record = await requestRow(proposed.requestId);
    expect(record).toMatchObject({ status: 'approved', decidedBy: admin.id, userId: member.id });
    expect(Date.now() - record.decidedAt!.getTime()).toBeLessThan(60_000);
    expect((await queue('streams')).content.some((r: { id: number }) => r.id === proposed.requestId)).toBe(false);
    // Decided once: a second approval finds nothing pending.
    const again = await t.app.inject({ method: 'POST', url: `/api/streams/edits/${proposed.requestId}/approve`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('rejects: off the queue, the item unchanged, the decision kept', async () => {
    const tag = await buildTag(t.db);
    const clip = await buildClip(t.db);
    const proposed = (await edit('clips', clip.id, { tags: [tag.id] }, member)).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/clips/edits/${proposed.requestId}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: proposed.requestId, status: 'rejected' });
    expect((await t.db.select().from(clips).where(eq(clips.id, clip.id)))[0]!.tagIds).toEqual([]);
    expect(await requestRow(proposed.requestId)).toMatchObject({ status: 'rejected', decidedBy: admin.id });
    expect((await queue('clips')).content).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/clips/edits/${proposed.requestId}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('validates again on approval: a tag deleted meanwhile is a 400, the request stays pending, nothing applied', async () => {
    const doomed = await buildTag(t.db);
    const stream = await buildStream(t.db, { duration: 100 });
    const song = await buildSong(t.db);
    const proposed = (await edit('media', song.id, { tags: [doomed.id], lyrics: 'la' }, member)).json();
    await t.db.delete(tags).where(eq(tags.id, doomed.id));
    const res = await t.app.inject({ method: 'POST', url: `/api/media/edits/${proposed.requestId}/approve`, headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`tags: unknown tag id ${doomed.id}`);
    expect(await songRow(song.id)).toMatchObject({ lyrics: null, tagIds: [] });
    expect(await requestRow(proposed.requestId)).toMatchObject({ status: 'pending', decidedBy: null });
    // The stream got shorter than a proposed timestamp: refused as well.
    const late = (await edit('media', song.id, { streamId: stream.id, streamTimestamp: 90 }, member)).json();
    await t.db.update(streams).set({ duration: 60 }).where(eq(streams.id, stream.id));
    const refused = await t.app.inject({ method: 'POST', url: `/api/media/edits/${late.requestId}/approve`, headers: admin.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^streamTimestamp: 1:30 is past the end/);
  });

  it('pages the queue, oldest first, per kind', async () => {
    const playlist = await buildPlaylist(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const tag = await buildTag(t.db);
      ids.push((await edit('playlists', playlist.id, { tags: [tag.id] }, member)).json().requestId);
    }
    const page1 = (await t.app.inject({ url: '/api/playlists/edits?page=1&size=2', headers: admin.headers })).json();
    expect(page1).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2, last: false });
    expect(page1.content.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 2));
    const page2 = (await t.app.inject({ url: '/api/playlists/edits?page=2&size=2', headers: admin.headers })).json();
    expect(page2).toMatchObject({ last: true });
    expect(page2.content.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    // Another kind's id is not found under this kind.
    expect((await t.app.inject({ method: 'POST', url: `/api/media/edits/${ids[0]}/approve`, headers: admin.headers })).statusCode).toBe(
      404,
    );
  });
});
