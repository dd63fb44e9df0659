import { describe, expect, it } from 'vitest';
import { parseYouTubeChannel, parseYouTubeVideo, parseYouTubeVideoLink, youTubeWatchUrl } from './youtube-links';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeVideoLink', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `http://youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&feature=share`,
    `https://www.youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?t=42&v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&list=PLabcdefghijklmnopqrstuvwxyz012345&index=3`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=AbCdEfGh&t=10`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://m.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=5`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}?si=x`,
    `  https://WWW.YouTube.com/watch?v=${ID}  `,
  ])('reads the id of %s', (link) => {
    expect(parseYouTubeVideoLink(link)).toBe(ID);
  });

  it.each([
    ID,
    '',
    'not a link at all',
    `https://vimeo.com/watch?v=${ID}`,
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?v=short`,
    'https://www.youtube.com/watch',
    'https://www.youtube.com/playlist?list=PLabcdefghijklmnopqrstuvwxyz012345',
    'https://www.youtube.com/@SomeChannel',
    `https://www.youtube.com/channel/UC${'a'.repeat(22)}`,
    `https://youtu.be/${ID}/extra`,
    `https://www.youtube.com/shorts/${ID}/extra`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//www.youtube.com/watch?v=${ID}`,
  ])('refuses %s', (text) => {
    expect(parseYouTubeVideoLink(text)).toBeNull();
  });

  it('builds the watch link back', () => {
    expect(parseYouTubeVideoLink(youTubeWatchUrl(ID))).toBe(ID);
  });
});

describe('parseYouTubeChannel and parseYouTubeVideo (the blocklist takes ids or links)', () => {
  const channel = 'UCNovaAlmanacMain0000000';
  it('reads a channel id, bare or in a /channel/ link, and nothing else', () => {
    expect(parseYouTubeChannel(channel)).toBe(channel);
    expect(parseYouTubeChannel(`https://www.youtube.com/channel/${channel}/videos?view=0`)).toBe(channel);
    expect(parseYouTubeChannel('https://www.youtube.com/@nova')).toBeNull();
    expect(parseYouTubeChannel(`${channel}x`)).toBeNull();
  });
  it('reads a video id, bare or in a link', () => {
    expect(parseYouTubeVideo(' dQw4w9WgXcQ ')).toBe('dQw4w9WgXcQ');
    expect(parseYouTubeVideo('https://youtu.be/dQw4w9WgXcQ?t=3')).toBe('dQw4w9WgXcQ');
    expect(parseYouTubeVideo('dQw4w9WgXc')).toBeNull();
  });
});
