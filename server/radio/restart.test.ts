import { describe, expect, it } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import { type RadioPlayed, radioTrackSchema } from '../../common/radio';
import { testClock } from '../testing/clock';
import { radioDatabase, seedSongs, startInstance } from './testing';

/**
 * A restart (a new app on the same database): the station resumes its track at the right second
 * and never restarts it; if the track ended while nothing ran, the next one starts.
 */

const clock = testClock();
const database = await radioDatabase();
const first = await startInstance(database, clock.now);
await seedSongs(first.context.database.db, 6);

describe('a restart', () => {
  it('resumes the current track at the right second, without moving the station', async () => {
    await first.context.radio.start();
    const playing = (await first.context.radio.radio.playing('top'))!;
    expect(playing.track.startAtSecs).toBe(0);
    clock.advance(42_400);
    await first.close();

    const second = await startInstance(database, clock.now);
    await second.context.radio.start();
    const resumed = (await second.context.radio.radio.playing('top'))!;
    expect(resumed.version).toBe(playing.version);
    expect(resumed.track).toMatchObject({ id: playing.track.id, startedAt: playing.track.startedAt, startAtSecs: 42 });
    // A listener of the new instance joins the same second.
    const heard = radioTrackSchema.parse(await second.listen('top').message(1));
    expect(heard).toMatchObject({ id: playing.track.id, startAtSecs: 42 });
    await second.close();
  });

  it('starts the next track when the current one ended while nothing ran', async () => {
    const stopped = (await first.context.radio.radio.playing('everything'))!;
    clock.set(new Date(stopped.endsAt.getTime() + 600_000));
    const third = await startInstance(database, clock.now);
    await third.context.radio.start();
    const next = (await third.context.radio.radio.playing('everything'))!;
    expect(next.version).toBe(stopped.version + 1);
    expect(next.track.id).not.toBe(stopped.track.id);
    // It starts now, from its beginning: not part-way in, as if it had played while nothing ran.
    expect(next.track).toMatchObject({ startAtSecs: 0, startedAt: clock.now().toISOString() });
    const history = (await third.app.inject({ url: `${RADIO_PATHS.history}?station=everything` })).json() as RadioPlayed[];
    expect(history[0]).toMatchObject({ id: stopped.track.id, startedAt: stopped.track.startedAt });
  });
});
