import { describe, expect, it } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import { type RadioPlayed, radioTrackSchema } from '../../common/radio';
import { testClock } from '../testing/clock';
import { buildAdmin } from '../testing/users';
import { radioDatabase, seedSongs, startInstance } from './testing';

/**
 * The radio history is a public read the read cache holds (READ_CACHE_MS on here, a minute): a move of
 * the station on any instance drops it on every instance (radio.changed), so once a listener has
 * heard the new track, the history asked of either instance has the track that played.
 */

const clock = testClock();
const database = await radioDatabase();
const env = { READ_CACHE_MS: '60000' };
const a = await startInstance(database, clock.now, env);
const b = await startInstance(database, clock.now, env);
const admin = await buildAdmin(a.context.database.db);
await seedSongs(a.context.database.db, 6);
await Promise.all([a.context.radio.start(), b.context.radio.start()]);

const history = async (instance: typeof a) =>
  (await instance.app.inject({ url: `${RADIO_PATHS.history}?station=everything` })).json() as RadioPlayed[];

describe('the radio history in the read cache', () => {
  it('is read anew on both instances after a skip on one', async () => {
    const listener = b.listen('everything');
    const current = radioTrackSchema.parse(await listener.message(1));
    const [beforeA, beforeB] = [await history(a), await history(b)];
    expect(beforeB).toEqual(beforeA);
    const skipped = await a.app.inject({ method: 'POST', url: `${RADIO_PATHS.skip}?station=everything`, headers: admin.headers });
    expect(skipped.statusCode).toBe(200);
    const next = radioTrackSchema.parse(skipped.json());
    await listener.next((message) => radioTrackSchema.parse(message).startedAt === next.startedAt);
    for (const instance of [a, b]) {
      const after = await history(instance);
      expect(after[0]).toMatchObject({ id: current.id, startedAt: current.startedAt });
      expect(after.slice(1)).toEqual(beforeA.slice(0, after.length - 1));
    }
  });
});
