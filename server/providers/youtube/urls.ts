import { isVideoId, parseYouTubeVideoLink, YOUTUBE_HOSTS } from '../../../common/youtube-links';

/**
 * Video and playlist references as people paste them: full watch URLs, youtu.be links, shorts,
 * embeds, music.youtube.com, or a bare id.
 */

/** Playlist ids: PL/UU/FL/OL/RD... prefixes followed by an id; community playlists are usually PL + 32 */
const PLAYLIST_ID = /^[A-Za-z0-9_-]{12,64}$/;

function parseUrl(input: string): URL | null {
  const text = input.trim();
  try {
    return new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/** The 11-character video id of a YouTube link (common/youtube-links.ts) or of a bare id, or null. */
export function parseVideoId(input: string): string | null {
  const text = input.trim();
  return isVideoId(text) ? text : parseYouTubeVideoLink(text);
}

/** The playlist id of a playlist link (or a watch link with `list=`), or a bare id; null otherwise. */
export function parsePlaylistId(input: string): string | null {
  const text = input.trim();
  if (PLAYLIST_ID.test(text) && !text.includes('.') && !isVideoId(text)) return text;
  const url = parseUrl(text);
  if (!url || !YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  const list = url.searchParams.get('list');
  return list && PLAYLIST_ID.test(list) ? list : null;
}

export const videoUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
export const playlistUrl = (id: string) => `https://www.youtube.com/playlist?list=${id}`;
