import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { radioListeners } from '../db/schema';
import { testClock } from '../testing/clock';
import { createListenerCounter, LISTENERS_CACHE_MS } from './listeners';
import { radioDatabase } from './testing';

/**
 * The listener count's own rules: it writes nothing until started (building the app, as the CLI
 * does, must not leave an interval running), a burst of joins costs two writes and two
 * announcements, not one per join, and a read's sum is served from memory for a moment. Only the
 * interval is faked; the database is real.
 */

const database = await radioDatabase();
const clock = testClock();
let sockets = 3;
/** The `radio.listeners` this counter announced */
let announced = 0;
const counter = createListenerCounter({
  db: database.db,
  events: {
    publish: async () => {
      announced++;
    },
  },
  instance: 'listeners-test',
  sizeOf: (station) => (station === 'top' ? sockets : 0),
  log: { error: () => {} },
  now: clock.now,
});
afterAll(() => counter.stop());
const rows = () => database.db.select().from(radioListeners);

describe('radio listener count', () => {
  it('checks the counts only once started', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      vi.advanceTimersByTime(10_000);
      await counter.stop();
      expect(await rows()).toEqual([]);
      counter.start();
      vi.advanceTimersByTime(1_000);
      await vi.waitFor(async () => expect((await rows()).find((row) => row.station === 'top')?.count).toBe(3));
    } finally {
      await counter.stop();
      vi.useRealTimers();
    }
  });

  it('writes a burst of joins at once, then the rest of it in one more write, announcing each', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      counter.start();
      await counter.flush();
      const before = announced;
      // Twenty sockets join together; the one-second check (faked) never runs.
      for (let i = 0; i < 20; i++) {
        sockets++;
        counter.changed();
      }
      await vi.waitFor(async () => expect((await rows()).find((row) => row.station === 'top')?.count).toBe(23));
      expect(announced - before).toBeLessThanOrEqual(2);
      expect(announced - before).toBeGreaterThanOrEqual(1);
      sockets = 3;
      counter.changed();
      await vi.waitFor(async () => expect((await rows()).find((row) => row.station === 'top')?.count).toBe(3));
    } finally {
      await counter.stop();
      vi.useRealTimers();
    }
  });

  it('serves a sum for LISTENERS_CACHE_MS, to every read meanwhile, then reads again', async () => {
    await counter.flush();
    expect(await counter.read()).toEqual({ top: 3, everything: 0 });
    sockets = 5;
    await database.db.update(radioListeners).set({ count: 5 }).where(eq(radioListeners.station, 'top'));
    const [first, second] = await Promise.all([counter.read(), counter.read()]);
    expect([first, second]).toEqual([
      { top: 3, everything: 0 },
      { top: 3, everything: 0 },
    ]);
    clock.advance(LISTENERS_CACHE_MS);
    expect(await counter.read()).toEqual({ top: 5, everything: 0 });
  });
});
