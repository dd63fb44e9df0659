import { describe, expect, it } from 'vitest';
import type { Clip, Media, Playlist, Stream } from '../../common/api';
import { exactDate, readOnlyFields } from './detail-fields';

const base = {
  id: 89,
  remoteId: '3YqTBGUDRI_',
  name: 'Frozen Parade',
  thumbnail: null,
  provider: 'youtube' as const,
  source: 'nova_music',
  tags: [],
  linkUrl: 'https://www.youtube.com/watch?v=3YqTBGUDRI_',
  liked: false,
};
const media: Media = { ...base, duration: 381, uploadedAt: '2026-11-07', streamId: 2, streamTimestamp: 8094, lyrics: null, views: 1 };

describe('readOnlyFields', () => {
  it('lists a song as the spec orders it: id, name, provider, source, duration in secs, link, uploaded date', () => {
    expect(readOnlyFields(media, 'Nova')).toEqual([
      { label: 'Id', value: '89' },
      { label: 'Name', value: 'Frozen Parade' },
      { label: 'Provider', value: 'YouTube' },
      { label: 'Source', value: 'Nova Music' },
      { label: 'Duration (secs)', value: '381' },
      { label: 'Link URL', value: 'https://www.youtube.com/watch?v=3YqTBGUDRI_', link: true },
      { label: 'Uploaded date', value: '7 November 2026, 18:00' },
    ]);
  });

  it('gives streams the same fields', () => {
    const stream: Stream = { ...base, provider: 'twitch', source: 'nova_twitch', duration: 10542, uploadedAt: '2026-11-20', views: 1 };
    expect(readOnlyFields(stream, 'Nova').map((field) => field.label)).toEqual([
      'Id',
      'Name',
      'Provider',
      'Source',
      'Duration (secs)',
      'Link URL',
      'Uploaded date',
    ]);
  });

  it('adds who clipped a clip', () => {
    const clip: Clip = { ...media, provider: 'twitch', creatorName: 'NotAMod' };
    expect(readOnlyFields(clip, 'Nova').at(-1)).toEqual({ label: 'Clipped by', value: 'NotAMod' });
  });

  it('shows a playlist type, song count and last update instead of duration and upload date', () => {
    const playlist: Playlist = {
      ...base,
      provider: 'sound_cloud',
      source: 'nova_sc',
      mediaCount: 1,
      lastUpdated: '2026-11-15',
      type: 'best_of',
      streamId: null,
    };
    expect(readOnlyFields(playlist, 'Nova').slice(2)).toEqual([
      { label: 'Provider', value: 'SoundCloud' },
      { label: 'Source', value: 'Nova audio' },
      { label: 'Type', value: 'Best Of' },
      { label: 'Songs', value: '1 song' },
      { label: 'Link URL', value: base.linkUrl, link: true },
      { label: 'Last updated', value: '15 November 2026, 18:00' },
    ]);
  });
});

describe('exactDate', () => {
  it('formats a full timestamp in local time', () => {
    const local = new Date(2026, 0, 2, 9, 5);
    expect(exactDate(local.toISOString())).toBe('2 January 2026, 09:05');
  });
});
