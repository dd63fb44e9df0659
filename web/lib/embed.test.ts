import { describe, expect, it } from 'vitest';
import { embedUrl, mediaEmbed, streamEmbed } from './embed';

describe('embedUrl', () => {
  it('starts a YouTube embed one second after the timestamp, on the privacy-enhanced host', () => {
    expect(embedUrl({ kind: 'youtube', videoId: 'abc', startSeconds: 90 }, 'x')).toBe(
      'https://www.youtube-nocookie.com/embed/abc?autoplay=1&rel=0&start=91',
    );
    expect(embedUrl({ kind: 'youtube', videoId: 'abc' }, 'x')).not.toContain('start=');
  });

  it('points SoundCloud at the track API address', () => {
    expect(embedUrl({ kind: 'soundcloud', trackId: '123' }, 'x')).toContain(
      `url=${encodeURIComponent('https://api.soundcloud.com/tracks/123')}`,
    );
  });

  it('names the page host as Twitch parent and never autoplays', () => {
    expect(embedUrl({ kind: 'twitch-video', videoId: '42' }, 'almanac.test')).toBe(
      'https://player.twitch.tv/?video=42&parent=almanac.test&autoplay=false',
    );
    expect(embedUrl({ kind: 'twitch-clip', slug: 'Funny-Clip' }, 'almanac.test')).toBe(
      'https://clips.twitch.tv/embed?clip=Funny-Clip&parent=almanac.test&autoplay=false',
    );
    expect(embedUrl({ kind: 'twitch-channel', channel: 'nova' }, 'localhost')).toBe(
      'https://player.twitch.tv/?channel=nova&parent=localhost&autoplay=false',
    );
  });
});

describe('player choice', () => {
  it('embeds video for youtube songs and audio for sound_cloud songs', () => {
    expect(mediaEmbed({ provider: 'youtube', remoteId: 'a' })?.kind).toBe('youtube');
    expect(mediaEmbed({ provider: 'sound_cloud', remoteId: '1' })?.kind).toBe('soundcloud');
  });

  it('embeds Twitch VODs and YouTube streams', () => {
    expect(streamEmbed({ provider: 'twitch', remoteId: '2100118785' })).toEqual({ kind: 'twitch-video', videoId: '2100118785' });
    expect(streamEmbed({ provider: 'youtube', remoteId: 'abc' })).toEqual({ kind: 'youtube', videoId: 'abc' });
  });
});
