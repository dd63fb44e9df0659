import { createHash } from 'node:crypto';
import { isVideoId } from '../../common/youtube-links';
import { formatIsoDuration } from '../providers/shared/durations';

/**
 * Videos of the wide YouTube outside the demo world: any well-formed id the world does not hold is
 * a made-up public video, the same for the same id (title, channel, duration, date, views), so a
 * demo visitor can request a flip of any link. `00000000000` stands for a private or deleted video:
 * videos.list leaves it out, as YouTube does.
 */

export const UNAVAILABLE_VIDEO_ID = '00000000000';

const ADJECTIVES = ['Midnight', 'Golden', 'Electric', 'Velvet', 'Paper', 'Silver', 'Neon', 'Quiet', 'Wild', 'Crystal', 'Hollow', 'Lucky'];
const NOUNS = [
  'Harbor',
  'Skyline',
  'Garden',
  'Echoes',
  'Tides',
  'Lanterns',
  'Highway',
  'Mirrors',
  'Orchard',
  'Satellites',
  'Rivers',
  'Embers',
];
const FORMATS = ['(Official Video)', '(Lyric Video)', '(Live Session)', '(Acoustic)', '(Official Audio)', ''];
const ARTISTS = [
  'The Paper Kites',
  'Luna Vale',
  'Marlow & The Reeds',
  'Juniper Lane',
  'Static Bloom',
  'Odessa Grey',
  'Kite Season',
  'Harbor Lights',
];

/** server/demo/thumbnails/media holds 01.jpg to 16.jpg */
const DEMO_THUMBNAIL_COUNT = 16;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes derived from the id: every property of the video is read from them. */
const seed = (id: string) => createHash('sha256').update(`any-video:${id}`).digest();

export interface MadeUpVideo {
  id: string;
  title: string;
  channelId: string;
  channelTitle: string;
  publishedAt: Date;
  durationSeconds: number;
  views: number;
  /** One of the committed demo song thumbnails (server/demo/thumbnails/media/NN.jpg) */
  thumbnailFile: string;
}

/**
 * The made-up video of an id, or null for a malformed id or the unavailable one. `knownTitle`: the
 * title the demo's request history gives the video ("Artist - Song"), kept so the two agree.
 */
export function madeUpVideo(id: string, knownTitle?: string): MadeUpVideo | null {
  if (!isVideoId(id) || id === UNAVAILABLE_VIDEO_ID) return null;
  const b = seed(id);
  const pick = <T>(list: readonly T[], at: number) => list[b[at]! % list.length]!;
  const artist = knownTitle?.split(' - ')[0] ?? pick(ARTISTS, 0);
  const title = knownTitle ?? `${artist} - ${pick(ADJECTIVES, 1)} ${pick(NOUNS, 2)} ${pick(FORMATS, 3)}`.trim();
  const channelId = `UC${Array.from({ length: 22 }, (_, i) => ALPHABET[b[(i + 4) % b.length]! % 64]).join('')}`;
  const durationSeconds = 120 + (b.readUInt16BE(8) % 360);
  // Some day between 2012 and 2024.
  const publishedAt = new Date(Date.UTC(2012, 0, 1) + (b.readUInt32BE(10) % (13 * 365)) * 86_400_000);
  const views = b.readUInt32BE(14) % 5_000_000;
  const thumbnailFile = `${String(1 + (b[18]! % DEMO_THUMBNAIL_COUNT)).padStart(2, '0')}.jpg`;
  return { id, title, channelId, channelTitle: artist, publishedAt, durationSeconds, views, thumbnailFile };
}

/** Its videos.list resource parts (without thumbnails, which need the request's origin). */
export function madeUpVideoParts(video: MadeUpVideo) {
  return {
    snippet: {
      publishedAt: video.publishedAt.toISOString(),
      channelId: video.channelId,
      title: video.title,
      description: `${video.title}\nMade up by the sandbox for any video id.`,
      channelTitle: video.channelTitle,
      categoryId: '10',
      liveBroadcastContent: 'none',
      localized: { title: video.title, description: '' },
    },
    contentDetails: {
      duration: formatIsoDuration(video.durationSeconds),
      dimension: '2d',
      definition: 'hd',
      caption: 'false',
      licensedContent: true,
    },
    statistics: { viewCount: String(video.views), likeCount: String(Math.floor(video.views / 30)), favoriteCount: '0' },
    status: { uploadStatus: 'processed', privacyStatus: 'public', license: 'youtube', embeddable: true, publicStatsViewable: true },
  };
}
