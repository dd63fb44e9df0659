import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_KINDS, type EntityKind } from '../../common/enums';
import { buildApp } from '../app';
import { media } from '../db/schema';
import { createTestApp } from '../testing/app';
import { testClock } from '../testing/clock';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag } from '../testing/factories';
import { buildAdmin } from '../testing/users';

/**
 * Issue 23: lists without a text query are answered from the search index when it holds every
 * announced write. Two instances on one database and one clock: `t` lists from the index, `db`
 * from the database only (as every other test does); every list must be the same answer from both,
 * and a write on either instance must be in the other's next list.
 */

const clock = testClock();
const DAY = 86_400_000;
const t = await createTestApp({}, { now: clock.now, listsFromIndex: true });
const other = await buildApp({ config: t.config, database: t.database, serveWeb: false, now: clock.now, listsFromIndex: false });
await other.app.ready();
afterAll(() => other.app.close());

/** A fixed pseudo-random sequence (mulberry32): the same catalogue every run. */
let state = 7;
const random = (n: number) => {
  state = (state + 0x6d2b79f5) | 0;
  let x = Math.imul(state ^ (state >>> 15), 1 | state);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) % n;
};
const pick = <T>(values: readonly T[]) => values[random(values.length)]!;

const tagIds: number[] = [];
/** A date the periods and their bounds test: often exactly on a bound, often equal to another item's. */
function dateOf(i: number): Date {
  const now = clock.now().getTime();
  const bounds = [7, 30, 182, 365].map((days) => now - days * DAY);
  if (i % 9 === 0) return new Date(pick(bounds));
  if (i % 5 === 0) return new Date(now - 3 * DAY);
  return new Date(now - random(800) * DAY - random(DAY));
}
const common = () => ({
  tagIds: tagIds.filter(() => random(4) === 0),
  views: random(30),
  unavailable: random(12) === 0,
});

async function seed() {
  for (let i = 0; i < 6; i++) tagIds.push((await buildTag(t.db)).id);
  const songSources = ['nova_yt', 'nova_music', 'nova_daily', 'nova_sc'];
  for (let i = 0; i < 220; i++) {
    const provider = random(4) === 0 ? 'sound_cloud' : 'youtube';
    await buildSong(t.db, { ...common(), provider, source: pick(songSources), duration: random(6) * 60, uploadedAt: dateOf(i) });
  }
  for (let i = 0; i < 60; i++) {
    const provider = random(3) === 0 ? 'youtube' : 'twitch';
    await buildStream(t.db, { ...common(), provider, source: provider === 'twitch' ? 'nova_twitch' : 'nova_yt', uploadedAt: dateOf(i) });
  }
  for (let i = 0; i < 50; i++) {
    const provider = random(3) === 0 ? 'sound_cloud' : 'youtube';
    const type = pick(['community', 'best_of', 'stream', 'other', 'album'] as const);
    await buildPlaylist(t.db, { ...common(), provider, source: pick(songSources), type, mediaCount: random(8), lastUpdated: dateOf(i) });
  }
  for (let i = 0; i < 120; i++) {
    await buildClip(t.db, { ...common(), duration: random(4) * 15, uploadedAt: dateOf(i), creatorName: pick(['ann', 'bo']) });
  }
  // Microseconds the API never shows still order the lists and bound the periods.
  await t.db.execute(sql`UPDATE ${media} SET uploaded_at = uploaded_at + interval '0.000123 seconds' WHERE id % 7 = 0`);
}

/** Every kind's index holding every announced write: a search waits for it. */
const indexesCurrent = () => Promise.all(ENTITY_KINDS.map((kind) => t.catalogue.search.matchingIds(kind, 'x', false)));

async function both(url: string) {
  const [fromIndex, fromDatabase] = await Promise.all([t.app.inject({ url }), other.app.inject({ url })]);
  expect(fromIndex.statusCode, url).toBe(200);
  return { fromIndex: fromIndex.json(), fromDatabase: fromDatabase.json() };
}

/** Asserts that the index answers `url` as the database does, and that it was the index that answered. */
async function expectSame(url: string) {
  const before = t.catalogue.listed.index;
  const { fromIndex, fromDatabase } = await both(url);
  expect(fromIndex, url).toEqual(fromDatabase);
  expect(t.catalogue.listed.index, `${url} answered by the index`).toBe(before + 1);
}

const FILTERS = [
  '',
  'providers=youtube',
  'providers=sound_cloud,twitch',
  'sources=nova_music,nova_twitch',
  'sources=other_yt',
  'tags=T0',
  'tags=T1,T2&providers=youtube',
];
const PERIODS = ['', 'period=week', 'period=month', 'period=six_months', 'period=year', 'period=all_time'];
const SORTS = ['', 'sort=latest', 'sort=top', 'sort=duration', 'sort=random', 'sort=relevance'];

/** The list calls of a kind: the list with each sort, /latest (not clips) and /top (its sort=latest too). */
const callsOf = (kind: EntityKind) => [
  ...SORTS.map((sort) => `/api/${kind}?${sort}`),
  ...(kind === 'clips' ? [] : [`/api/${kind}/latest?`]),
  `/api/${kind}/top?`,
  `/api/${kind}/top?sort=latest`,
];

const withTags = (query: string) => query.replace(/T(\d)/g, (_, n: string) => String(tagIds[Number(n)]));

beforeAll(async () => {
  await seed();
  t.catalogue.changed();
  await indexesCurrent();
});

describe('lists from the search index', () => {
  it.each(ENTITY_KINDS)('answer %s as the database does: every sort, common filter and period', async (kind) => {
    for (const call of callsOf(kind)) {
      for (const filter of FILTERS) {
        for (const period of PERIODS) await expectSame(withTags(`${call}&${filter}&${period}&size=15`));
      }
    }
  });

  it('page the same way: sizes, later pages, the last page, past the end', async () => {
    for (const kind of ENTITY_KINDS) {
      for (const paging of ['page=2&size=5', 'page=3&size=7', 'size=100', 'page=2&size=100', 'page=40&size=10', 'page=1&size=1']) {
        for (const query of ['', 'sort=top&tags=T0', 'period=month', 'sort=duration&period=year']) {
          await expectSame(withTags(`/api/${kind}?${query}&${paging}`));
        }
      }
    }
  });

  it('follow the clock: items leave a period as it moves', async () => {
    for (const hours of [1, 30, 24 * 7]) {
      clock.advance(hours * 3_600_000);
      for (const kind of ENTITY_KINDS) for (const period of PERIODS) await expectSame(`/api/${kind}/top?${period}&size=50`);
    }
  });

  it("leave the database the filters only it holds (a stream's, a playlist's, a clipper, a type)", async () => {
    for (const url of ['/api/media?streamId=1', '/api/playlists?type=album', '/api/clips?clippedBy=ann', '/api/playlists?mediaId=1']) {
      const { database } = t.catalogue.listed;
      const { fromIndex, fromDatabase } = await both(url);
      expect(fromIndex).toEqual(fromDatabase);
      expect(t.catalogue.listed.database).toBe(database + 1);
    }
  });
});

/** Resolves once `events` heard a catalogue.changed from another instance. */
function heardFromAnother(events: typeof t.events) {
  return new Promise<void>((resolve) => {
    const off = events.subscribe('catalogue.changed', ({ local }) => {
      if (local) return;
      off();
      resolve();
    });
  });
}

const idsOf = (page: { content: { id: number }[] }) => page.content.map((item) => item.id);

describe('a write', () => {
  it('on this instance is in its next list, from the database until the index has it', async () => {
    const admin = await buildAdmin(t.db);
    const url = `/api/media?tags=${tagIds[5]}&size=100`;
    await expectSame(url);
    const top = (await both('/api/media/top?period=all_time&size=100')).fromIndex.content as { id: number; tags: unknown[] }[];
    const untagged = top.find((item) => item.tags.length === 0)!;
    const heard = heardFromAnother(other.context.events);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/media/${untagged.id}`,
      payload: { tags: [tagIds[5]], lyrics: null, streamId: null, streamTimestamp: null },
      headers: admin.headers,
    });
    expect(saved.statusCode).toBe(200);
    await heard;
    const { database } = t.catalogue.listed;
    const next = await both(url);
    expect(t.catalogue.listed.database).toBe(database + 1);
    expect(next.fromIndex).toEqual(next.fromDatabase);
    expect(idsOf(next.fromIndex)).toContain(untagged.id);
    await indexesCurrent();
    await expectSame(url);
  });

  it("on another instance is in this one's next list once announced", async () => {
    await expectSame('/api/media/latest?size=5');
    const newest = await buildSong(t.db, { name: 'Brand New', uploadedAt: clock.now() });
    const added = heardFromAnother(t.events);
    other.context.catalogue.changed({ media: [newest.id] });
    await added;
    const next = await both('/api/media/latest?size=5');
    expect(next.fromIndex).toEqual(next.fromDatabase);
    expect(idsOf(next.fromIndex)[0]).toBe(newest.id);
    await indexesCurrent();
    await expectSame('/api/media/latest?size=5');

    await t.db.update(media).set({ unavailable: true }).where(sql`${media.id} = ${newest.id}`);
    const hidden = heardFromAnother(t.events);
    other.context.catalogue.changed({ media: [newest.id] });
    await hidden;
    const after = await both('/api/media/latest?size=5');
    expect(after.fromIndex).toEqual(after.fromDatabase);
    expect(idsOf(after.fromIndex)).not.toContain(newest.id);
    await indexesCurrent();
    await expectSame('/api/media/latest?size=5');
  });
});
