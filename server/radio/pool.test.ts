import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Media } from '../../common/api';
import type { Station } from '../../common/radio';
import { media } from '../db/schema';
import { testClock } from '../testing/clock';
import { readPlays } from './queries';
import { radioDatabase, seedSongs, startInstance } from './testing';

/**
 * What each station plays: `top` only the songs of the all-time top list's first RADIO_TOP_SIZE,
 * `everything` every song; both shuffle their pool without repeats until it is used up, never play
 * a song twice in a row (across cycles too), and skip songs that are unavailable, cannot be
 * embedded or have no duration.
 */

const TOP_SIZE = 8;
const clock = testClock();
const database = await radioDatabase();
const a = await startInstance(database, clock.now, { RADIO_TOP_SIZE: String(TOP_SIZE) });
const db = a.context.database.db;
// Most viewed first. Among the top: one gone at its provider (off the top list altogether), one that
// cannot be embedded and one without a duration (on the list, but not playable).
const songs = await seedSongs(db, 16, (i) => ({
  unavailable: i === 2,
  embeddable: i !== 3,
  duration: i === 4 ? 0 : 150 + i,
}));
const unplayable = new Set([songs[2]!.id, songs[3]!.id, songs[4]!.id]);

/** Moves the station on `count` times (as skips do) and answers what it played, in order, with each play's cycle. */
async function play(station: Station, count: number) {
  for (let i = 0; i < count; i++) await a.context.radio.radio.skip(station);
  return readPlays(db, station);
}

function expectCyclesArePermutations(plays: { mediaId: number; cycle: number }[], pool: Set<number>) {
  const cycles = new Map<number, number[]>();
  for (const p of plays) cycles.set(p.cycle, [...(cycles.get(p.cycle) ?? []), p.mediaId]);
  const numbers = [...cycles.keys()];
  expect(numbers.length).toBeGreaterThanOrEqual(3);
  for (const [n, ids] of cycles) {
    // No repeat within a cycle; every cycle but the last one plays the whole pool.
    expect(new Set(ids).size, `cycle ${n}`).toBe(ids.length);
    if (n !== Math.max(...numbers)) expect(new Set(ids), `cycle ${n}`).toEqual(pool);
  }
}

function expectNoSongTwiceInARow(plays: { mediaId: number }[]) {
  for (let i = 1; i < plays.length; i++) expect(plays[i]!.mediaId, `play ${i}`).not.toBe(plays[i - 1]!.mediaId);
}

describe('the top station', () => {
  it('plays only the playable songs of the all-time top list’s first RADIO_TOP_SIZE, each once per cycle', async () => {
    const res = await a.app.inject({ url: `/api/media/top?period=all_time&size=${TOP_SIZE}` });
    const top = (res.json().content as Media[]).map((song) => song.id);
    expect(top).toHaveLength(TOP_SIZE);
    const pool = new Set(top.filter((id) => !unplayable.has(id)));
    expect(pool.size).toBe(TOP_SIZE - 2);
    const plays = await play('top', pool.size * 3 + 2);
    expect(new Set(plays.map((p) => p.mediaId))).toEqual(pool);
    expectCyclesArePermutations(plays, pool);
    expectNoSongTwiceInARow(plays);
  });
});

describe('the everything station', () => {
  it('covers every playable song before any repeat, then again in a new order', async () => {
    const pool = new Set(songs.map((s) => s.id).filter((id) => !unplayable.has(id)));
    const plays = await play('everything', pool.size * 3 + 1);
    expect(new Set(plays.slice(0, pool.size).map((p) => p.mediaId))).toEqual(pool);
    expectCyclesArePermutations(plays, pool);
    expectNoSongTwiceInARow(plays);
    // Shuffled: three cycles of 13 songs in one order would be a broken shuffle (odds about 1 in 10^19).
    const orders = new Set(
      [0, 1, 2].map((n) => JSON.stringify(plays.filter((p) => p.cycle === plays[0]!.cycle + n).map((p) => p.mediaId))),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('skips a song that became unavailable or unembeddable since the cycle began', async () => {
    const before = await readPlays(db, 'everything');
    const lastCycle = before.at(-1)!.cycle;
    const played = new Set(before.filter((p) => p.cycle === lastCycle).map((p) => p.mediaId));
    const waiting = songs.map((s) => s.id).filter((id) => !unplayable.has(id) && !played.has(id));
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    await db
      .update(media)
      .set({ unavailable: true })
      .where(inArray(media.id, [waiting[0]!]));
    await db
      .update(media)
      .set({ embeddable: false })
      .where(inArray(media.id, [waiting[1]!]));
    const after = (await play('everything', waiting.length)).slice(before.length);
    expect(after.map((p) => p.mediaId)).not.toContain(waiting[0]);
    expect(after.map((p) => p.mediaId)).not.toContain(waiting[1]);
  });
});
