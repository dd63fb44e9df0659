import { beforeEach, describe, expect, it } from 'vitest';
import type { RadioTrack } from '../../../common/radio';
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

describe('playerKindOf', () => {
  it("plays the sandbox's audio in demo mode, else the track's provider's player", () => {
    expect(playerKindOf(track(1, 'top', 'youtube'), '/sandbox/audio')).toBe('audio');
    expect(playerKindOf(track(1, 'top', 'sound_cloud'), '/sandbox/audio')).toBe('audio');
    expect(playerKindOf(track(1, 'top', 'youtube'), null)).toBe('youtube');
    expect(playerKindOf(track(1, 'top', 'sound_cloud'), null)).toBe('sound_cloud');
  });
});
