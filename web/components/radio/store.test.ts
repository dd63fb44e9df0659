import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RadioTrack } from '../../../common/radio';
import { receive } from '../../lib/radio';
import { NO_REACTIONS } from '../../lib/reactions';
import { playerKindOf } from './players';
import { radio } from './store';

const T0 = Date.parse('2026-11-25T18:00:00.000Z');

function track(id: number, station: 'top' | 'everything', provider: RadioTrack['provider'] = 'youtube'): RadioTrack {
  const startedAt = new Date(T0 + id * 1000).toISOString();
  return {
    id,
    remoteId: `r${id}`,
    name: `Song ${id}`,
    thumbnail: null,
    provider,
    source: 'nova_yt',
    tags: [],
    linkUrl: '',
    liked: false,
    duration: 120,
    uploadedAt: startedAt,
    streamId: null,
    streamTimestamp: null,
    lyrics: null,
    views: 0,
    station,
    startAtSecs: 0,
    startedAt,
    serverTime: startedAt,
  };
}

describe('the radio store', () => {
  // Through the other station: every test starts on a freshly tuned `top`.
  beforeEach(() => {
    radio.tune('everything');
    radio.tune('top');
  });

  it('makes each pushed track current and puts the one before under Previously Played', () => {
    radio.track(track(1, 'top'), NO_REACTIONS);
    radio.track(track(2, 'top'), NO_REACTIONS);
    expect(radio.get().current?.track.id).toBe(2);
    expect(radio.get().played.map((entry) => entry.id)).toEqual([1]);
  });

  it('switching the station clears the current track and what was played, and connects anew', () => {
    radio.track(track(1, 'top'), NO_REACTIONS);
    radio.track(track(2, 'top'), NO_REACTIONS);
    radio.connection('Connected');
    radio.tune('everything');
    expect(radio.get()).toMatchObject({ station: 'everything', current: null, played: [], status: 'Connecting...' });
    // A late message of the station left behind is not shown.
    radio.track(track(3, 'top'), NO_REACTIONS);
    expect(radio.get().current).toBeNull();
    radio.track(track(4, 'everything'), NO_REACTIONS);
    expect(radio.get().current?.track.id).toBe(4);
  });

  it('tuning the station already playing changes nothing', () => {
    radio.track(track(1, 'top'), NO_REACTIONS);
    radio.tune('top');
    expect(radio.get().current?.track.id).toBe(1);
  });
});

/** A track as Previously Played lists it. */
const played = (id: number) => {
  const { station: _s, startAtSecs: _a, serverTime: _t, ...rest } = track(id, 'top');
  return { ...rest, reactions: NO_REACTIONS };
};

/** The store of a page loaded afresh: never tuned. */
async function freshRadio(): Promise<typeof radio> {
  vi.resetModules();
  return (await import('./store')).radio;
}

describe("the track the page's HTML carried (issue 23)", () => {
  it('is current from the seeding on, stays through the first tuning, and the socket sending the same play changes only the clock', async () => {
    const fresh = await freshRadio();
    fresh.seed('top', receive(track(1, 'top'), T0 + 1000));
    expect(fresh.get()).toMatchObject({ tuned: false, station: 'top', current: { track: { id: 1 } }, fromPage: true });
    fresh.tune('top');
    expect(fresh.get()).toMatchObject({ tuned: true, current: { track: { id: 1 } }, fromPage: true, played: [], status: 'Connecting...' });
    fresh.track({ ...track(1, 'top'), serverTime: new Date(T0 + 5000).toISOString() }, NO_REACTIONS, T0 + 5000);
    expect(fresh.get()).toMatchObject({ current: { track: { id: 1 }, offsetMs: 0 }, fromPage: false, played: [] });
    fresh.track(track(2, 'top'), NO_REACTIONS);
    expect(fresh.get().played.map((entry) => entry.id)).toEqual([1]);
  });

  it('gives way to the socket once that track ended: not under Previously Played by itself, but where the history puts it', async () => {
    const fresh = await freshRadio();
    fresh.seed('top', receive(track(1, 'top'), T0 + 1000));
    fresh.tune('top');
    fresh.track(track(3, 'top'), NO_REACTIONS);
    expect(fresh.get()).toMatchObject({ current: { track: { id: 3 } }, fromPage: false, played: [] });
    fresh.history([played(2), played(1)]);
    expect(fresh.get().played.map((entry) => entry.id)).toEqual([2, 1]);
  });

  it("is kept in the history that comes before the socket's first track, when it ended meanwhile", async () => {
    const fresh = await freshRadio();
    fresh.seed('top', receive(track(1, 'top'), T0 + 1000));
    fresh.tune('top');
    fresh.history([played(1)]);
    fresh.track(track(2, 'top'), NO_REACTIONS);
    expect(fresh.get().played.map((entry) => entry.id)).toEqual([1]);
  });

  it('is dropped by tuning another station than the seeded one, and ignored once the radio is tuned', async () => {
    const fresh = await freshRadio();
    fresh.seed('top', receive(track(1, 'top'), T0));
    fresh.tune('everything');
    expect(fresh.get()).toMatchObject({ station: 'everything', current: null, fromPage: false });
    fresh.seed('everything', receive(track(2, 'everything'), T0));
    expect(fresh.get().current).toBeNull();
  });
});

describe('playerKindOf', () => {
  it("plays the sandbox's audio in demo mode, else the track's provider's player", () => {
    expect(playerKindOf(track(1, 'top', 'youtube'), '/sandbox/audio')).toBe('audio');
    expect(playerKindOf(track(1, 'top', 'sound_cloud'), '/sandbox/audio')).toBe('audio');
    expect(playerKindOf(track(1, 'top', 'youtube'), null)).toBe('youtube');
    expect(playerKindOf(track(1, 'top', 'sound_cloud'), null)).toBe('sound_cloud');
  });
});
