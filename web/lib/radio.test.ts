import { describe, expect, it } from 'vitest';
import type { RadioPlayed, RadioTrack } from '../../common/radio';
import { advance, isAdrift, mergeHistory, PLAYED_LIMIT, playedNumber, receive, stationPosition } from './radio';
import { NO_REACTIONS } from './reactions';

const T0 = Date.parse('2026-11-25T18:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function track(id: number, startedAtMs: number, overrides: Partial<RadioTrack> = {}): RadioTrack {
  return {
    id,
    remoteId: `remote-${id}`,
    name: `Song ${id}`,
    thumbnail: null,
    provider: 'youtube',
    source: 'nova_yt',
    tags: [],
    linkUrl: `https://www.youtube.com/watch?v=remote-${id}`,
    liked: false,
    duration: 200,
    uploadedAt: iso(T0 - 86_400_000),
    streamId: null,
    streamTimestamp: null,
    lyrics: null,
    views: 10,
    station: 'top',
    startAtSecs: 0,
    startedAt: iso(startedAtMs),
    serverTime: iso(startedAtMs),
    ...overrides,
  };
}

const played = (t: RadioTrack): RadioPlayed => {
  const { station: _s, startAtSecs: _a, serverTime: _t, ...rest } = t;
  return { ...rest, reactions: NO_REACTIONS };
};

describe('stationPosition', () => {
  it("is the server's time since the track started, whatever this browser's clock says", () => {
    // The server says 18:00:30 when this browser's clock says 17:59:00: 90 s behind.
    const received = receive(track(1, T0, { serverTime: iso(T0 + 30_000) }), T0 - 60_000);
    expect(received.offsetMs).toBe(90_000);
    expect(stationPosition(received, T0 - 60_000)).toBe(30);
    expect(stationPosition(received, T0 - 50_000)).toBe(40);
  });

  it('stays within the track', () => {
    const received = receive(track(1, T0), T0);
    expect(stationPosition(received, T0 - 5_000)).toBe(0);
    expect(stationPosition(received, T0 + 500_000)).toBe(200);
  });
});

describe('isAdrift', () => {
  it('is true only beyond the allowed drift', () => {
    expect(isAdrift(10, 12, 2)).toBe(false);
    expect(isAdrift(10, 12.5, 2)).toBe(true);
    expect(isAdrift(15, 12.5, 2)).toBe(true);
  });
});

describe('Previously Played', () => {
  const a = track(1, T0);
  const b = track(2, T0 + 200_000);
  const c = track(3, T0 + 400_000);

  it('puts the track before on top as each new one arrives', () => {
    let list = advance([], null, a, NO_REACTIONS);
    expect(list).toEqual([]);
    list = advance(list, a, b, NO_REACTIONS);
    list = advance(list, b, c, NO_REACTIONS);
    expect(list.map((entry) => entry.id)).toEqual([2, 1]);
    expect(list[0]).toEqual(played(b));
  });

  it('adds nothing when the same track is pushed again (a reconnect) or would repeat the last entry', () => {
    const list = advance([], a, b, NO_REACTIONS);
    expect(advance(list, b, { ...b, serverTime: iso(T0 + 300_000) }, NO_REACTIONS)).toBe(list);
    // The same song as the one on top, played again: never duplicated.
    const again = track(1, T0 + 250_000);
    expect(advance(list, again, c, NO_REACTIONS)).toBe(list);
  });

  it('keeps at most PLAYED_LIMIT entries', () => {
    let list: RadioPlayed[] = [];
    let previous = track(0, T0);
    for (let i = 1; i <= PLAYED_LIMIT + 5; i++) {
      const next = track(i, T0 + i * 1000);
      list = advance(list, previous, next, NO_REACTIONS);
      previous = next;
    }
    expect(list).toHaveLength(PLAYED_LIMIT);
    expect(list[0]!.id).toBe(PLAYED_LIMIT + 4);
  });

  it("joins the server's history with what was pushed: each play once, newest first, without the current track", () => {
    const seen = advance([], b, c, NO_REACTIONS);
    const history = [played(b), played(a)];
    expect(mergeHistory(seen, history, c).map((entry) => entry.id)).toEqual([2, 1]);
    // A history read answered after a skip lists the current track too: it stays out.
    expect(mergeHistory([], [played(c), played(b)], c).map((entry) => entry.id)).toEqual([2]);
  });

  it('numbers from the oldest', () => {
    expect([0, 1, 2].map((index) => playedNumber(index, 3))).toEqual([3, 2, 1]);
  });
});
