import { describe, expect, it } from 'vitest';
import {
  canRequestRefresh,
  detailsErrorText,
  ITEM_FAILURE_TEXTS,
  likeTexts,
  providerLinkLabel,
  songCount,
  watchStreamLabel,
} from './detail';

describe('detail texts', () => {
  it('names each kind as spec 8 does', () => {
    expect(detailsErrorText('media')).toBe('An error occurred when loading song details');
    expect(detailsErrorText('streams')).toBe('An error occurred when loading stream details');
    expect(detailsErrorText('playlists')).toBe('An error occurred when loading playlist details');
    expect(detailsErrorText('clips')).toBe('An error occurred when loading clip details');
    expect(ITEM_FAILURE_TEXTS).toEqual({
      media: 'Unable to retrieve media',
      streams: 'Unable to retrieve stream details',
      playlists: 'Unable to retrieve playlist details',
      clips: 'Unable to retrieve clip details',
    });
  });

  it('gives the like and unlike toasts per kind', () => {
    expect(likeTexts('media')).toEqual({
      liked: 'Liked song',
      unliked: 'Unliked song',
      likeFailed: 'Unable to like song',
      unlikeFailed: 'Unable to unlike song',
    });
    expect(likeTexts('clips').unlikeFailed).toBe('Unable to unlike clip');
    expect(likeTexts('playlists').liked).toBe('Liked playlist');
    expect(likeTexts('streams').likeFailed).toBe('Unable to like stream');
  });

  it('listens to audio and watches video', () => {
    expect(providerLinkLabel('sound_cloud')).toBe('Listen on SoundCloud');
    expect(providerLinkLabel('youtube')).toBe('Watch on YouTube');
    expect(providerLinkLabel('twitch')).toBe('Watch on Twitch');
  });

  it('shows the stream timestamp as a duration', () => {
    expect(watchStreamLabel(4521)).toBe('Watch Stream at 1:15:21');
    expect(watchStreamLabel(59)).toBe('Watch Stream at 0:59');
  });

  it('counts songs', () => {
    expect(songCount(1)).toBe('1 song');
    expect(songCount(0)).toBe('0 songs');
    expect(songCount(12)).toBe('12 songs');
  });
});

describe('canRequestRefresh', () => {
  const viewer = { admin: false };
  const admin = { admin: true };

  it('lets any logged-in user refresh a community playlist', () => {
    expect(canRequestRefresh('community', viewer)).toBe(true);
    expect(canRequestRefresh('community', admin)).toBe(true);
  });

  it('keeps other playlists to admins', () => {
    for (const type of ['best_of', 'stream', 'other', 'album'] as const) {
      expect(canRequestRefresh(type, viewer)).toBe(false);
      expect(canRequestRefresh(type, admin)).toBe(true);
    }
  });

  it('hides it from visitors and while the user is unknown', () => {
    expect(canRequestRefresh('community', null)).toBe(false);
    expect(canRequestRefresh('community', undefined)).toBe(false);
  });
});
