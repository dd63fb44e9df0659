import { z } from 'zod';
import { PLAYLIST_URL_MIN } from './constants';
import { idFromText, text } from './fields';

/**
 * Shapes and rules of playlist refresh requests and community submissions (spec 3 "Playlist refresh
 * or community submission request"; spec 5 "Community playlist URL"), shared by the server and the web.
 */

export const playlistRequestSchema = z.object({
  id: z.number().int(),
  /** Absent: a new community playlist submission */
  playlistId: z.number().int().optional(),
  /** The catalogued playlist's name (refresh requests) */
  playlistName: z.string().optional(),
  /** The playlist id at YouTube */
  remoteId: z.string(),
  submittedBy: z.string(),
  updatedAt: z.string(),
});
export type PlaylistRequest = z.infer<typeof playlistRequestSchema>;

export const refreshBodySchema = z.object({
  playlistId: idFromText,
  remoteId: text({ max: 100 }).optional(),
});

export const communityBodySchema = z.object({ playlistUrl: text({ max: 500, error: 'is required' }) });

/** What a playlist import did (sync's import of a playlist by URL, and an approved request). */
export const importReportSchema = z.object({
  /** Our id of the playlist */
  id: z.number().int(),
  remoteId: z.string(),
  name: z.string(),
  created: z.boolean(),
  /** Songs now in the playlist that were not before */
  added: z.number().int(),
  /** Songs that were in it and still are */
  kept: z.number().int(),
  /** Entries that are not the streamer's songs (other channels, private or deleted videos) */
  skipped: z.number().int(),
  /** Songs that were in it and are no more */
  removed: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The answer to an approved playlist request: what the import did, and a line saying so. */
export const playlistApprovalSchema = z.object({ message: z.string(), report: importReportSchema });
export type PlaylistApproval = z.infer<typeof playlistApprovalSchema>;

/** Spec 5: a generic URL (optional http or https scheme, then a dotted host, then anything). */
export const URL_PATTERN = /^(https?:\/\/)?([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(:\d+)?([/?#]\S*)?$/;
export const PLAYLIST_URL_EXAMPLE = 'https://www.youtube.com/playlist?list=PLxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

/**
 * The playlist id of a YouTube playlist URL with a list parameter, or a message saying what is
 * wrong with it (spec 5 "Community playlist URL"; the web shows the same messages).
 */
export function checkPlaylistUrl(input: string): { id: string } | { problem: string } {
  const text = input.trim();
  if (text === '') return { problem: 'A playlist URL is required' };
  if (text.length < PLAYLIST_URL_MIN) return { problem: `Must be at least ${PLAYLIST_URL_MIN} characters long` };
  if (!URL_PATTERN.test(text)) return { problem: 'Must be valid URL' };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { problem: 'Must be valid URL' };
  }
  const list = url.searchParams.get('list');
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase()) || !list) return { problem: 'Must be valid YouTube playlist URL' };
  if (!/^[A-Za-z0-9_-]{12,64}$/.test(list)) return { problem: 'Must be valid YouTube playlist URL' };
  return { id: list };
}
