import { parseTwitchDuration } from '../providers/shared/durations';

/**
 * Stream links written in descriptions ("From the stream: https://www.twitch.tv/videos/123?t=1h2m3s"),
 * which is how channels say where a song was made.
 */

const TWITCH_VIDEO = /twitch\.tv\/videos\/(\d+)(?:\?(?:[^\s]*&)?t=([0-9hms]+))?/i;
const YOUTUBE_VIDEO = /(?:youtube\.com\/watch\?v=|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&](?:[^\s]*&)?t=(\d+)s?)?/i;

export interface StreamLink {
  remoteId: string;
  /** Seconds into the stream, when the link says */
  timestamp: number | null;
}

/** Every stream-looking link in a text, Twitch first; the caller keeps the first one that is a known stream. */
export function streamLinksIn(text: string): StreamLink[] {
  const out: StreamLink[] = [];
  const twitch = new RegExp(TWITCH_VIDEO.source, 'gi');
  for (const m of text.matchAll(twitch)) out.push({ remoteId: m[1]!, timestamp: m[2] ? parseTwitchDuration(m[2]) : null });
  const youtube = new RegExp(YOUTUBE_VIDEO.source, 'gi');
  for (const m of text.matchAll(youtube)) out.push({ remoteId: m[1]!, timestamp: m[2] ? Number(m[2]) : null });
  return out;
}
