import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaSchema } from '../../common/api';
import { dailySongs } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';

const t = await createTestApp();

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const today = () => utcDay(new Date());
const dayBefore = (days: number) => utcDay(new Date(Date.now() - days * DAY_MS));

/** Ids of the songs that can be Song of the Day, ascending. */
async function availableIds() {
  const rows = await t.db.query.media.findMany({ columns: { id: true }, where: (m, { eq }) => eq(m.unavailable, false) });
  return rows.map((m) => m.id).sort((a, b) => a - b);
}

async function daily() {
  const res = await t.app.inject({ method: 'GET', url: '/api/media/daily' });
  return { status: res.statusCode, body: res.json() };
}

describe('Song of the Day', () => {
  // The first test runs on the file's empty database.
  it('answers 404 JSON while there is no song at all', async () => {
    const { status, body } = await daily();
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(await t.db.select().from(dailySongs)).toEqual([]);
  });

  describe('with songs', () => {
    beforeEach(async () => {
      // Each test decides today's pick afresh from the history it sets up.
      await t.db.delete(dailySongs);
    });

    it('answers a whole song and stores it as today’s pick', async () => {
      const song = await buildSong(t.db);
      const { status, body } = await daily();
      expect(status).toBe(200);
      mediaSchema.parse(body);
      const stored = await t.db.select().from(dailySongs).where(eq(dailySongs.day, today()));
      // The only song there is.
      expect(body.id).toBe(song.id);
      expect(stored.map((row) => row.mediaId)).toEqual([song.id]);
    });

    it('is the same song on every call all day', async () => {
      for (let i = 0; i < 4; i++) await buildSong(t.db);
      const first = (await daily()).body.id;
      for (let i = 0; i < 5; i++) expect((await daily()).body.id).toBe(first);
      expect(await t.db.select().from(dailySongs)).toHaveLength(1);
    });

    it('answers what is stored for today, as after a restart', async () => {
      const stored = await buildSong(t.db);
      await t.db.insert(dailySongs).values({ day: today(), mediaId: stored.id });
      expect((await daily()).body.id).toBe(stored.id);
    });

    it('does not repeat a song picked within the last 30 days', async () => {
      for (let i = 0; i < 6; i++) await buildSong(t.db);
      const available = await availableIds();
      // Whichever song is left out of the last 29 days' picks is the one chosen today.
      for (const remaining of available) {
        await t.db.delete(dailySongs);
        const recent = available.filter((id) => id !== remaining);
        await t.db.insert(dailySongs).values(recent.map((mediaId, i) => ({ day: dayBefore(i + 1), mediaId })));
        expect((await daily()).body.id).toBe(remaining);
      }
    });

    it('may pick a song again once its last pick is more than 30 days old', async () => {
      const available = await availableIds();
      const old = available[0]!;
      const recent = available.slice(1);
      await t.db
        .insert(dailySongs)
        .values([...recent.map((mediaId, i) => ({ day: dayBefore(i + 1), mediaId })), { day: dayBefore(45), mediaId: old }]);
      expect((await daily()).body.id).toBe(old);
    });

    it('still answers a song when every song was picked recently', async () => {
      const available = await availableIds();
      await t.db.insert(dailySongs).values(available.map((mediaId, i) => ({ day: dayBefore(i + 1), mediaId })));
      const { status, body } = await daily();
      expect(status).toBe(200);
      expect(available).toContain(body.id);
    });

    it('never picks an unavailable song', async () => {
      const available = await availableIds();
      const hidden = [];
      for (let i = 0; i < 5; i++) hidden.push((await buildSong(t.db, { unavailable: true })).id);
      // With every available song recent, only unavailable ones are "fresh"; they must still be passed over.
      await t.db.insert(dailySongs).values(available.map((mediaId, i) => ({ day: dayBefore(i + 1), mediaId })));
      const { body } = await daily();
      expect(hidden).not.toContain(body.id);
      expect(available).toContain(body.id);
    });
  });

  describe('day boundaries (service)', () => {
    beforeEach(async () => {
      await t.db.delete(dailySongs);
    });

    it('keeps one song for a whole UTC day and moves on the next day', async () => {
      const morning = await t.catalogue.daily(undefined, new Date('2031-03-04T00:00:01Z'));
      const night = await t.catalogue.daily(undefined, new Date('2031-03-04T23:59:59Z'));
      expect(night.id).toBe(morning.id);
      const days = await t.db.select().from(dailySongs);
      expect(days.map((d) => d.day)).toEqual(['2031-03-04']);
    });

    it('gives every available song a turn before repeating one', async () => {
      const available = await availableIds();
      expect(available.length).toBeLessThanOrEqual(30);
      const picks = [];
      for (let day = 0; day < available.length; day++) {
        picks.push((await t.catalogue.daily(undefined, new Date(Date.UTC(2032, 0, 1 + day, 12)))).id);
      }
      expect([...picks].sort((a, b) => a - b)).toEqual(available);
    });
  });
});
