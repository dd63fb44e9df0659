import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../db/schema';
import { testClock } from '../testing/clock';
import { radioDatabase, seedSongs, startInstance } from './testing';

/**
 * Deleting a song the radio played (an operator's clean-up): its plays go with it, and a station
 * whose current track it was is left playing nothing rather than pointing at a play that is gone,
 * so its next due-check moves it on at once, without waiting for the deleted track's end.
 */

const clock = testClock();
const database = await radioDatabase();
const a = await startInstance(database, clock.now);
const db = a.context.database.db;
await seedSongs(db, 6);
const { radio, feed } = a.context.radio;

describe('deleting a song the radio played', () => {
  it('takes it out of the history', async () => {
    await radio.skip('top');
    const earlier = (await radio.current('top'))!;
    clock.advance(1_000);
    await radio.skip('top');
    await db.delete(media).where(eq(media.id, earlier.id));
    expect((await radio.history('top')).map((track) => track.id)).not.toContain(earlier.id);
  });

  it('leaves a station whose current track it was playing nothing, and the next due-check moves it on at once', async () => {
    const current = (await radio.current('top'))!;
    await db.delete(media).where(eq(media.id, current.id));
    expect(await radio.current('top')).toBeNull();
    // Long before the deleted track would have ended.
    clock.advance(1_000);
    expect(await feed.due('top')).toBe('advanced');
    const next = (await radio.current('top'))!;
    expect(next.id).not.toBe(current.id);
    expect(next.startedAt).toBe(clock.now().toISOString());
  });
});
