import { describe, expect, it, vi } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import { radioTrackSchema } from '../../common/radio';
import { testClock } from '../testing/clock';
import { buildAdmin } from '../testing/users';
import { readPlays } from './queries';
import { radioDatabase, seedSongs, startInstance } from './testing';

/**
 * A station with nothing to play (an empty catalogue, as before the first sync): listeners wait,
 * a skip says why it cannot, and the first songs start it at once (the catalogue's change wakes it).
 * A pool of a single song plays it again rather than fall silent.
 */

const clock = testClock();
const database = await radioDatabase();
const a = await startInstance(database, clock.now);
const db = a.context.database.db;
const admin = await buildAdmin(db);
await a.context.radio.start();

describe('a station with nothing to play', () => {
  it('refuses a skip with 409, and starts when the first song arrives; its listener gets that track first', async () => {
    const listener = a.listen('everything');
    const skip = await a.app.inject({ method: 'POST', url: `${RADIO_PATHS.skip}?station=everything`, headers: admin.headers });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('There is nothing to play on this station yet');
    const [song] = await seedSongs(db, 1);
    a.context.catalogue.changed();
    const track = radioTrackSchema.parse(await listener.message(1));
    expect(track).toMatchObject({ id: song!.id, station: 'everything', startAtSecs: 0 });
    expect(listener.messages).toHaveLength(1);
  });

  it('plays the only song of its pool again when it ends', async () => {
    // The catalogue's change may still be waking the station (locally, and again when the bus delivers it):
    // a wake that found the lock taken retries by timer. A due-check that finds the track not over re-arms
    // the timer for the track's end, so once one answers 'not-due' nothing else will move the station.
    await vi.waitFor(async () => expect(await a.context.radio.feed.due('everything')).toBe('not-due'), { timeout: 15_000 });
    const playing = (await a.context.radio.radio.playing('everything'))!;
    clock.set(playing.endsAt);
    expect(await a.context.radio.feed.due('everything')).toBe('advanced');
    expect((await readPlays(db, 'everything')).map((p) => p.mediaId)).toEqual([playing.track.id, playing.track.id]);
  });
});
