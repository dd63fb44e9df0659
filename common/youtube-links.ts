/**
 * YouTube video links as people paste them (spec 2 "New Flip Request"): watch?v=, youtu.be/,
 * shorts/, embed/, live/, on www., m., music. or youtube-nocookie.com, with any extra parameters
 * (t=, list=, si=, feature=). Pure: the server checks the link with it, the web may too.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The hosts a YouTube link may name (site, mobile, music, privacy-enhanced embeds). */
export const YOUTUBE_HOSTS: ReadonlySet<string> = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** Path prefixes whose next segment is the video id. */
const ID_IN_PATH = new Set(['shorts', 'embed', 'live', 'v', 'e']);

export const isVideoId = (text: string) => VIDEO_ID.test(text);

function parseUrl(text: string): URL | null {
  try {
    // People paste links without the scheme ("youtu.be/…", "www.youtube.com/watch?v=…").
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/** The 11-character video id of a YouTube video link, or null when the text is not one (a bare id is not a link). */
export function parseYouTubeVideoLink(input: string): string | null {
  const url = parseUrl(input.trim());
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') candidate = parts.length === 1 ? parts[0] : null;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') candidate = url.searchParams.get('v');
    else if (parts.length === 2 && ID_IN_PATH.has(parts[0]!)) candidate = parts[1];
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

const CHANNEL_ID = /(?:^|\/channel\/)(UC[A-Za-z0-9_-]{22})(?:[/?#]|$)/;

/** A channel id (UC + 22 characters), bare or in a /channel/ link; null otherwise (a @handle cannot be resolved here). */
export function parseYouTubeChannel(input: string): string | null {
  return CHANNEL_ID.exec(input.trim())?.[1] ?? null;
}

/** A video id, bare or in any video link parseYouTubeVideoLink reads. */
export const parseYouTubeVideo = (input: string): string | null => (isVideoId(input.trim()) ? input.trim() : parseYouTubeVideoLink(input));

/** The watch link of a video: what the flip page links to and what the history stores. */
export const youTubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;
