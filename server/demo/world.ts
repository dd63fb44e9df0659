import { PLAYLIST_TYPES, type PlaylistType, type Provider, sourceValue } from '../../common/enums';
import { placeAnniversaries } from './anniversaries';
import { type Random, seededRandom } from './random';
import {
  ADJECTIVES,
  CLIP_TITLES,
  CLIPPERS,
  LYRIC_LINES,
  NOUNS,
  PLAYLIST_NAMES,
  REQUESTED_ARTISTS,
  REQUESTERS,
  SONG_SUFFIXES,
  STREAM_TITLES,
  TAG_NAMES,
} from './words';

/**
 * The demo world of the fictional streamer: plain records keyed by provider and remote id, with
 * references by remote id. The seeder writes them directly; the provider sandbox serves the same
 * world over the providers' wire formats.
 */

export const DEMO_THUMBNAILS_PER_KIND = 16;
/** The seed of the demo world everyone sees; other seeds build extra worlds (benchmarks). */
export const DEMO_WORLD_SEED = 938;
const DAY_MS = 86_400_000;
const SPAN_DAYS = 3 * 365;

export interface WorldStream {
  remoteId: string;
  provider: Extract<Provider, 'twitch' | 'youtube'>;
  source: string;
  name: string;
  duration: number;
  uploadedAt: Date;
  views: number;
  linkUrl: string;
  thumbnail: string;
  tags: string[];
}

export interface WorldSong {
  remoteId: string;
  provider: Extract<Provider, 'youtube' | 'sound_cloud'>;
  source: string;
  name: string;
  duration: number;
  uploadedAt: Date;
  views: number;
  linkUrl: string;
  thumbnail: string;
  tags: string[];
  lyrics: string | null;
  /** the stream the song was made on (remote id and provider), with where in it */
  stream: { remoteId: string; provider: WorldStream['provider']; timestamp: number } | null;
}

export interface WorldPlaylist {
  remoteId: string;
  provider: Extract<Provider, 'youtube' | 'sound_cloud'>;
  source: string;
  name: string;
  type: PlaylistType;
  lastUpdated: Date;
  views: number;
  linkUrl: string;
  thumbnail: string;
  tags: string[];
  streamRemoteId: string | null;
  /** remote ids of songs, in order */
  songs: string[];
}

export interface WorldClip {
  remoteId: string;
  provider: 'twitch';
  source: string;
  name: string;
  duration: number;
  uploadedAt: Date;
  views: number;
  creatorName: string;
  linkUrl: string;
  thumbnail: string;
  tags: string[];
  stream: { remoteId: string; timestamp: number } | null;
}

/** A paid song request of the history; `songRemoteId` is the song that came of it, if any yet. */
export interface WorldRequest {
  videoId: string;
  title: string;
  username: string;
  createdAt: Date;
  songRemoteId: string | null;
  /** The demo picture the sandbox's image host serves for the video */
  thumbnail: string;
}

export interface World {
  tags: string[];
  streams: WorldStream[];
  songs: WorldSong[];
  playlists: WorldPlaylist[];
  clips: WorldClip[];
  requests: WorldRequest[];
}

export interface WorldOptions {
  streamerKey: string;
  /** Upload dates are spread over the three years before this moment. */
  now: Date;
  songs?: number;
  streams?: number;
  clips?: number;
  seed?: number;
  /** Move a few old items to this day's anniversaries (demo/anniversaries.ts); default true */
  anniversaries?: boolean;
}

const thumb = (r: Random) => `${String(r.int(1, DEMO_THUMBNAILS_PER_KIND)).padStart(2, '0')}.jpg`;

/** Newer items are more common than old ones, and every period still has some. */
function uploadedWithin(r: Random, now: Date, spanDays = SPAN_DAYS): Date {
  const daysAgo = spanDays * r.next() ** 1.6;
  return new Date(now.getTime() - daysAgo * DAY_MS - r.int(0, 86_399) * 1000);
}

function songTitle(r: Random, index: number): string {
  const base = `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
  // Every 37th title repeats a base so search ranking has near-duplicates to order.
  return index % 37 === 0 ? `${base} (Reprise)` : `${base}${r.pick(SONG_SUFFIXES)}`;
}

function lyrics(r: Random): string {
  return Array.from({ length: r.int(4, 8) }, () => r.pick(LYRIC_LINES)).join('\n');
}

/**
 * Numeric remote ids (Twitch videos, SoundCloud tracks and sets) come from counters, not from the
 * random generator. Each seed other than the demo's gets its own lane of them, so a world built with
 * another seed adds to the demo instead of colliding with it (seeds equal modulo 8999 share a lane).
 */
function idLane(seed: number): number {
  return seed === DEMO_WORLD_SEED ? 0 : 1 + (Math.abs(Math.trunc(seed)) % 8999);
}

export function buildWorld(options: WorldOptions): World {
  const seed = options.seed ?? DEMO_WORLD_SEED;
  const r = seededRandom(seed);
  const lane = idLane(seed);
  const { streamerKey: key, now } = options;
  const tags = [...TAG_NAMES];

  const streams: WorldStream[] = Array.from({ length: options.streams ?? 60 }, (_, i) => {
    const twitch = i % 3 !== 2;
    const remoteId = twitch ? String(2_100_000_000 + lane * 10_000_000_000 + i * 7919) : r.id(11);
    return {
      remoteId,
      provider: twitch ? 'twitch' : 'youtube',
      source: sourceValue(key, twitch ? 'twitch' : 'daily'),
      name: `${r.pick(STREAM_TITLES)} #${i + 1}`,
      duration: r.int(5_400, 5 * 3600),
      uploadedAt: uploadedWithin(r, now),
      views: r.views(400),
      linkUrl: twitch ? `https://www.twitch.tv/videos/${remoteId}` : `https://www.youtube.com/watch?v=${remoteId}`,
      thumbnail: thumb(r),
      tags: r.sample(tags, r.int(1, 3)),
    };
  });
  const twitchStreams = streams.filter((s) => s.provider === 'twitch');

  const songSources = ['yt', 'daily', 'music', 'sc'] as const;
  const songs: WorldSong[] = Array.from({ length: options.songs ?? 320 }, (_, i) => {
    const kind = songSources[i % songSources.length]!;
    const soundCloud = kind === 'sc';
    const remoteId = soundCloud ? String(1_500_000_000 + lane * 1_000_000_000_000 + i * 104_729) : r.id(11);
    const name = songTitle(r, i);
    // Most songs are made live, on either platform's recording, so every stream page has songs.
    const fromStream = r.chance(0.6) ? r.pick(streams) : null;
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return {
      remoteId,
      provider: soundCloud ? 'sound_cloud' : 'youtube',
      source: sourceValue(key, kind),
      name,
      duration: r.int(45, 420),
      uploadedAt: fromStream ? new Date(fromStream.uploadedAt.getTime() + r.int(1, 5) * DAY_MS) : uploadedWithin(r, now),
      views: r.views(soundCloud ? 60 : 250),
      linkUrl: soundCloud ? `https://soundcloud.com/${key}-almanac-demo/${slug}-${i}` : `https://www.youtube.com/watch?v=${remoteId}`,
      thumbnail: thumb(r),
      tags: r.sample(tags, r.int(1, 4)),
      lyrics: r.chance(0.3) ? lyrics(r) : null,
      stream: fromStream
        ? { remoteId: fromStream.remoteId, provider: fromStream.provider, timestamp: r.int(60, fromStream.duration - 600) }
        : null,
    };
  });
  // Songs made on a stream never claim to be uploaded after now.
  for (const song of songs) if (song.uploadedAt > now) song.uploadedAt = new Date(now.getTime() - DAY_MS);

  const playlists: WorldPlaylist[] = [];
  const addPlaylist = (type: PlaylistType, name: string, streamRemoteId: string | null, pool: WorldSong[]) => {
    const soundCloud = type === 'album' && playlists.filter((p) => p.type === 'album').length % 2 === 1;
    const candidates = pool.filter((s) => (soundCloud ? s.provider === 'sound_cloud' : s.provider === 'youtube'));
    const remoteId = soundCloud ? String(900_000 + lane * 1_000_000 + playlists.length) : `PL${r.id(32)}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    playlists.push({
      remoteId,
      provider: soundCloud ? 'sound_cloud' : 'youtube',
      source: sourceValue(key, soundCloud ? 'sc' : type === 'album' ? 'music' : 'yt'),
      name,
      type,
      lastUpdated: uploadedWithin(r, now, 400),
      views: r.views(150),
      linkUrl: soundCloud ? `https://soundcloud.com/${key}-almanac-demo/sets/${slug}` : `https://www.youtube.com/playlist?list=${remoteId}`,
      thumbnail: thumb(r),
      tags: r.sample(tags, r.int(0, 2)),
      streamRemoteId,
      songs: r.sample(candidates, Math.min(candidates.length, r.int(6, 24))).map((s) => s.remoteId),
    });
  };
  for (const type of PLAYLIST_TYPES) {
    for (const name of PLAYLIST_NAMES[type]) addPlaylist(type, name, null, songs);
  }
  // Stream playlists back up the Twitch recordings with the most YouTube songs made on them.
  const youtubeSongsOf = new Map<string, WorldSong[]>();
  for (const song of songs) {
    if (song.stream && song.provider === 'youtube') {
      youtubeSongsOf.set(song.stream.remoteId, [...(youtubeSongsOf.get(song.stream.remoteId) ?? []), song]);
    }
  }
  const backedUp = twitchStreams
    .map((stream, order) => ({ stream, order, songs: youtubeSongsOf.get(stream.remoteId) ?? [] }))
    .sort((a, b) => b.songs.length - a.songs.length || a.order - b.order)
    .slice(0, 8);
  for (const { stream, songs: fromIt } of backedUp) {
    addPlaylist('stream', `Songs from: ${stream.name}`, stream.remoteId, fromIt.length >= 3 ? fromIt : songs);
  }

  const clips: WorldClip[] = Array.from({ length: options.clips ?? 150 }, (_, i) => {
    const stream = r.chance(0.85) ? r.pick(twitchStreams) : null;
    const slug = `${r.pick(ADJECTIVES)}${r.pick(NOUNS)}${r.id(6, 'abcdefghijklmnopqrstuvwxyz')}-${r.id(16)}`;
    return {
      remoteId: slug,
      provider: 'twitch',
      source: sourceValue(key, 'twitch'),
      name: `${r.pick(CLIP_TITLES)}${i % 5 === 0 ? ' LUL' : ''}`,
      duration: r.int(8, 60),
      uploadedAt: stream ? new Date(stream.uploadedAt.getTime() + r.int(0, 3 * 3600) * 1000) : uploadedWithin(r, now),
      views: r.views(120),
      creatorName: r.pick(CLIPPERS),
      linkUrl: `https://clips.twitch.tv/${slug}`,
      thumbnail: thumb(r),
      tags: r.sample(tags, r.int(0, 2)),
      stream: stream ? { remoteId: stream.remoteId, timestamp: r.int(30, stream.duration - 120) } : null,
    };
  });
  for (const clip of clips) if (clip.uploadedAt > now) clip.uploadedAt = new Date(now.getTime() - 3600_000);

  if (options.anniversaries !== false) placeAnniversaries({ streams, songs, clips }, now);

  return { tags, streams, songs, playlists, clips, requests: requestHistory(r, songs, now) };
}

/**
 * The request history: every flip and chat-request song was asked for by a viewer some days before
 * it came out, and the latest requests have no song yet. Built after everything else, so adding it
 * left the rest of the world as it was.
 */
function requestHistory(r: Random, songs: WorldSong[], now: Date): WorldRequest[] {
  const request = (createdAt: Date, songRemoteId: string | null): WorldRequest => ({
    videoId: r.id(11),
    title: `${r.pick(REQUESTED_ARTISTS)} - ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`,
    username: r.pick(REQUESTERS),
    createdAt,
    songRemoteId,
    thumbnail: thumb(r),
  });
  const answered = songs
    .filter((song) => song.provider === 'youtube' && / - Stream Flip$| \(Chat Request\)$/.test(song.name))
    .map((song) => request(new Date(song.uploadedAt.getTime() - r.int(1, 10) * DAY_MS - r.int(0, 86_399) * 1000), song.remoteId));
  const waiting = Array.from({ length: 12 }, () => request(new Date(now.getTime() - r.int(600, 10 * 86_400) * 1000), null));
  return [...answered, ...waiting].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
