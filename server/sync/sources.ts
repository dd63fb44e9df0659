import type { EntityKind, SourceKind } from '../../common/enums';
import type { SoundCloudClient } from '../providers/soundcloud/client';
import type { TwitchClient } from '../providers/twitch/client';
import type { YouTubeClient, YouTubeVideo } from '../providers/youtube/client';
import { videoUrl } from '../providers/youtube/urls';
import { streamLinksIn } from './links';
import type { ItemFields, ItemKind } from './queries';

/**
 * The listings a sync reads, each as pages of items in our terms: what to upsert (`items`, with the
 * thumbnail URL still remote) and what the provider listed but no longer shows (`gone`: private or
 * deleted). A listing is complete when its last page was read.
 */

export interface ListedItem extends Omit<ItemFields, 'thumbnail'> {
  thumbnailUrl: string | null;
}

export interface ListingPage {
  items: ListedItem[];
  gone: string[];
}

export interface Listing {
  /** Shown in the report, e.g. "youtube main uploads" */
  name: string;
  kind: ItemKind;
  provider: string;
  sourceKind: SourceKind;
  /** The sync scope of its items */
  scope: string;
  pages: () => AsyncGenerator<ListingPage>;
}

export const IMAGE_KIND: Record<ItemKind, EntityKind> = { media: 'media', streams: 'streams', clips: 'clips' };

function fromVideo(video: YouTubeVideo): ListedItem {
  const link = streamLinksIn(video.description)[0];
  return {
    remoteId: video.id,
    name: video.title,
    linkUrl: videoUrl(video.id),
    duration: video.durationSeconds,
    uploadedAt: video.publishedAt,
    views: video.views,
    thumbnailUrl: video.thumbnailUrl,
    stream: link ?? null,
    embeddable: video.embeddable,
  };
}

/** A YouTube channel's uploads: playlistItems pages, each completed by videos.list for the details. */
export function youtubeUploads(youtube: YouTubeClient, channelId: string, name: string, kind: ItemKind, sourceKind: SourceKind): Listing {
  return {
    name,
    kind,
    provider: 'youtube',
    sourceKind,
    scope: `youtube:uploads:${channelId}`,
    async *pages() {
      const uploads = await youtube.uploadsPlaylistId(channelId);
      for await (const entries of youtube.playlistItems(uploads)) {
        const listed = entries.filter((e) => e.privacy === 'public' || e.privacy === 'unlisted');
        const videos = await youtube.videos(listed.map((e) => e.videoId));
        const byId = new Map(videos.map((v) => [v.id, v]));
        const items: ListedItem[] = [];
        const gone: string[] = entries.filter((e) => e.privacy === 'private' || e.privacy === 'deleted').map((e) => e.videoId);
        for (const entry of listed) {
          const video = byId.get(entry.videoId);
          // Listed but not returned by videos.list: it went private or away between the two calls.
          if (!video || video.privacy === 'private' || video.privacy === 'deleted') gone.push(entry.videoId);
          // Live and upcoming broadcasts become streams once they are over.
          else if (video.liveBroadcastContent === 'none') items.push(fromVideo(video));
        }
        yield { items, gone };
      }
    },
  };
}

export function soundcloudTracks(soundcloud: SoundCloudClient, userId: string): Listing {
  return {
    name: 'soundcloud tracks',
    kind: 'media',
    provider: 'sound_cloud',
    sourceKind: 'sc',
    scope: `soundcloud:tracks:${userId}`,
    async *pages() {
      for await (const tracks of soundcloud.userTracks(userId)) {
        const playable = tracks.filter((t) => t.access !== 'blocked' && t.sharing !== 'private');
        yield {
          items: playable.map((t) => ({
            remoteId: t.id,
            name: t.title,
            linkUrl: t.permalinkUrl,
            duration: t.durationSeconds,
            uploadedAt: t.createdAt,
            views: t.plays,
            thumbnailUrl: t.artworkUrl,
            embeddable: t.embeddable,
          })),
          gone: tracks.filter((t) => !playable.includes(t)).map((t) => t.id),
        };
      }
    },
  };
}

/** The Twitch archive of a user id (resolved from the login by the caller). */
export function twitchArchive(twitch: TwitchClient, userId: string): Listing {
  return {
    name: 'twitch archive',
    kind: 'streams',
    provider: 'twitch',
    sourceKind: 'twitch',
    scope: `twitch:archive:${userId}`,
    async *pages() {
      for await (const videos of twitch.archiveVideos(userId)) {
        const visible = videos.filter((v) => v.viewable === 'public');
        yield {
          items: visible.map((v) => ({
            remoteId: v.id,
            name: v.title,
            linkUrl: v.url,
            duration: v.durationSeconds,
            uploadedAt: v.createdAt,
            views: v.views,
            thumbnailUrl: v.thumbnailUrl,
          })),
          gone: videos.filter((v) => v.viewable !== 'public').map((v) => v.id),
        };
      }
    },
  };
}

export function twitchClips(twitch: TwitchClient, userId: string): Listing {
  return {
    name: 'twitch clips',
    kind: 'clips',
    provider: 'twitch',
    sourceKind: 'twitch',
    scope: `twitch:clips:${userId}`,
    async *pages() {
      for await (const clips of twitch.clips(userId)) {
        yield {
          items: clips.map((c) => ({
            remoteId: c.id,
            name: c.title,
            linkUrl: c.url,
            duration: c.durationSeconds,
            uploadedAt: c.createdAt,
            views: c.views,
            thumbnailUrl: c.thumbnailUrl,
            creatorName: c.creatorName,
            stream: c.videoId ? { remoteId: c.videoId, timestamp: c.vodOffset } : null,
          })),
          gone: [],
        };
      }
    },
  };
}
