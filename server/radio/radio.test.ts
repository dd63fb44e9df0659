import { describe, expect, it } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import { type RadioPlayed, radioTrackSchema } from '../../common/radio';
import { CLOSE } from '../../common/realtime';
import { testClock } from '../testing/clock';
import { buildAdmin, buildUser } from '../testing/users';
import { radioDatabase, seedSongs, startInstance } from './testing';

/**
 * The radio through its HTTP calls and socket, on one instance: what a listener gets on joining,
 * skips, the history, the end of a track (the clock moved by hand, then the due-check the timer
 * runs), and refusals.
 */

const clock = testClock();
const database = await radioDatabase();
const a = await startInstance(database, clock.now);
const admin = await buildAdmin(a.context.database.db);
const songs = await seedSongs(a.context.database.db, 12);

const skip = (station: string, headers: Record<string, string> = admin.headers) =>
  a.app.inject({ method: 'POST', url: `${RADIO_PATHS.skip}?station=${station}`, headers });
const history = async (station: string) =>
  (await a.app.inject({ url: `${RADIO_PATHS.history}?station=${station}` })).json() as RadioPlayed[];
const track = (message: unknown) => radioTrackSchema.parse(message);

describe('a station that starts', () => {
  it('plays nothing before its first track, then the due-check starts one at once', async () => {
    expect(await a.context.radio.radio.current('top')).toBeNull();
    expect(await a.context.radio.feed.due('top')).toBe('advanced');
    const current = (await a.context.radio.radio.current('top'))!;
    expect(current).toMatchObject({ station: 'top', startAtSecs: 0, startedAt: clock.now().toISOString() });
    expect(songs.map((s) => s.id)).toContain(current.id);
    // A second check (a late instance) finds the track playing and does nothing.
    expect(await a.context.radio.feed.due('top')).toBe('not-due');
    expect((await a.context.radio.radio.current('top'))!.id).toBe(current.id);
  });
});

describe('the socket', () => {
  it('gives two listeners joining at different times the same track, startAtSecs apart by their join times', async () => {
    clock.advance(7_000);
    const first = a.listen('top');
    const heardFirst = track(await first.message(1));
    clock.advance(41_000);
    const second = a.listen('top');
    const heardSecond = track(await second.message(1));
    expect(heardSecond.id).toBe(heardFirst.id);
    expect(heardSecond.startedAt).toBe(heardFirst.startedAt);
    expect(Math.abs(heardSecond.startAtSecs - heardFirst.startAtSecs - 41)).toBeLessThanOrEqual(1);
    expect(heardFirst.startAtSecs).toBe(7);
    expect(Date.parse(heardSecond.serverTime) - Date.parse(heardSecond.startedAt)).toBe(48_000);
  });

  it('sends every listener the next track when an admin skips (how fast: npm run bench:ws -- --socket radio)', async () => {
    const listeners = [a.listen('top'), a.listen('top'), a.listen('top')];
    const before = track(await listeners[0]!.message(1));
    await Promise.all(listeners.map((l) => l.message(1)));
    const heard = listeners.map((l) => l.next());
    const res = await skip('top');
    expect(res.statusCode).toBe(200);
    const skipped = track(res.json());
    expect(skipped.id).not.toBe(before.id);
    expect(skipped.startAtSecs).toBe(0);
    for (const { message } of await Promise.all(heard)) expect(track(message).id).toBe(skipped.id);
  });

  it('moves on when the track ends: the due-check after the end sends the next one', async () => {
    const listener = a.listen('top');
    const playing = track(await listener.message(1));
    const next = listener.next();
    // Not over yet: nothing moves.
    clock.advance((playing.duration - playing.startAtSecs - 1) * 1000);
    expect(await a.context.radio.feed.due('top')).toBe('not-due');
    clock.advance(1_000);
    expect(await a.context.radio.feed.due('top')).toBe('advanced');
    const { message } = await next;
    expect(track(message)).toMatchObject({ startAtSecs: 0, startedAt: clock.now().toISOString() });
    expect(track(message).id).not.toBe(playing.id);
  });

  it('refuses an unknown station with a reason that names it', async () => {
    const client = a.listen('jazz' as 'top');
    const closed = await client.closed;
    expect(closed.code).toBe(CLOSE.policyViolation);
    expect(closed.reason).toMatch(/^station: /);
    expect(client.messages).toEqual([]);
  });
});

describe('GET /api/radio/history', () => {
  it('lists what played before the current track, newest first', async () => {
    const current = (await a.context.radio.radio.current('top'))!;
    const before = await history('top');
    expect(before.map((t) => t.id)).not.toContain(undefined);
    expect(before).toHaveLength(2);
    await skip('top');
    const after = await history('top');
    expect(after[0]).toMatchObject({ id: current.id, startedAt: current.startedAt, name: current.name });
    expect(after.slice(1)).toEqual(before.slice(0, 19));
    const times = after.map((t) => Date.parse(t.startedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('keeps the last 20', async () => {
    for (let i = 0; i < 22; i++) expect((await skip('everything')).statusCode).toBe(200);
    expect(await history('everything')).toHaveLength(20);
  });

  it('answers 400 for an unknown station', async () => {
    const res = await a.app.inject({ url: `${RADIO_PATHS.history}?station=jazz` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/station/);
  });
});

describe('POST /api/radio/skip', () => {
  it('answers 400 for an unknown station, 401 logged out, 403 for a member', async () => {
    expect((await skip('jazz')).statusCode).toBe(400);
    expect((await skip('top', {})).statusCode).toBe(401);
    const member = await buildUser(a.context.database.db);
    expect((await skip('top', member.headers)).statusCode).toBe(403);
  });

  const skipPlay = (startedAt: string) => skip(`top&startedAt=${encodeURIComponent(startedAt)}`);
  const version = async () => (await a.context.radio.radio.playing('top'))!.version;

  it('with startedAt, skips that play once: a double click or a second admin moves the station by one', async () => {
    const seen = (await a.context.radio.radio.current('top'))!;
    const before = await version();
    const answers = await Promise.all([skipPlay(seen.startedAt), skipPlay(seen.startedAt), skipPlay(seen.startedAt)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await version()).toBe(before + 1);
    const now = (await a.context.radio.radio.current('top'))!;
    expect(now.startedAt).not.toBe(seen.startedAt);
    // Each answer is the track that plays after the one skip, not one a later skip started.
    for (const res of answers) expect(track(res.json())).toMatchObject({ id: now.id, startedAt: now.startedAt });
  });

  it('with the startedAt of a track the timer already moved past, skips nothing and answers the current track', async () => {
    const seen = (await a.context.radio.radio.current('top'))!;
    clock.advance(seen.duration * 1000);
    // The track's end and the admin's click race: whichever comes first moves the station, once.
    const [due, res] = await Promise.all([a.context.radio.feed.due('top'), skipPlay(seen.startedAt)]);
    expect(res.statusCode).toBe(200);
    expect(['advanced', 'not-due']).toContain(due);
    const now = (await a.context.radio.radio.current('top'))!;
    expect(track(res.json())).toMatchObject({ id: now.id, startedAt: now.startedAt });
    const played = await history('top');
    expect(played[0]).toMatchObject({ id: seen.id, startedAt: seen.startedAt });
    expect(played[1]?.startedAt).not.toBe(now.startedAt);
    // A click that lands after the timer's advance: nothing moves at all.
    const settled = await version();
    expect(track((await skipPlay(seen.startedAt)).json()).startedAt).toBe(now.startedAt);
    expect(await version()).toBe(settled);
  });

  it('answers 400 naming startedAt when it is not a time', async () => {
    const res = await skipPlay('yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/startedAt/);
  });
});

describe('GET /api/radio/listeners', () => {
  it('counts the sockets of each station', async () => {
    const everything = [a.listen('everything'), a.listen('everything')];
    await Promise.all(everything.map((l) => l.message(1)));
    await a.context.radio.listeners.flush();
    const counts = (await a.app.inject({ url: RADIO_PATHS.listeners })).json();
    expect(counts.everything).toBe(2);
    expect(counts.top).toBeGreaterThan(0);
  });
});
