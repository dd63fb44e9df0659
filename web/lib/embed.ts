import { youtubeEmbedStart } from '../../common/format';

/** Player addresses of spec 7 ("Players embed from the video provider, the audio provider and the live provider"). */
export type EmbedTarget =
  | { kind: 'youtube'; videoId: string; startSeconds?: number | null }
  | { kind: 'soundcloud'; trackId: string }
  | { kind: 'twitch-video'; videoId: string }
  | { kind: 'twitch-clip'; slug: string }
  | { kind: 'twitch-channel'; channel: string };

/** `host` is the page's hostname: Twitch refuses to play without the embedding page named as parent. */
export function embedUrl(target: EmbedTarget, host: string): string {
  switch (target.kind) {
    case 'youtube': {
      const params = new URLSearchParams({ autoplay: '1', rel: '0' });
      if (target.startSeconds != null) params.set('start', String(youtubeEmbedStart(target.startSeconds)));
      return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(target.videoId)}?${params}`;
    }
    case 'soundcloud': {
      const params = new URLSearchParams({ url: `https://api.soundcloud.com/tracks/${target.trackId}`, auto_play: 'true', visual: 'true' });
      return `https://w.soundcloud.com/player/?${params}`;
    }
    case 'twitch-video':
      return `https://player.twitch.tv/?${new URLSearchParams({ video: target.videoId, parent: host, autoplay: 'false' })}`;
    case 'twitch-clip':
      return `https://clips.twitch.tv/embed?${new URLSearchParams({ clip: target.slug, parent: host, autoplay: 'false' })}`;
    case 'twitch-channel':
      return `https://player.twitch.tv/?${new URLSearchParams({ channel: target.channel, parent: host, autoplay: 'false' })}`;
  }
}

/** A song's player: the video embed for youtube, the audio embed for sound_cloud (spec 2, Song detail). */
export function mediaEmbed(media: { provider: string; remoteId: string }, startSeconds?: number | null): EmbedTarget | undefined {
  if (media.provider === 'youtube') return { kind: 'youtube', videoId: media.remoteId, startSeconds };
  if (media.provider === 'sound_cloud') return { kind: 'soundcloud', trackId: media.remoteId };
  return undefined;
}

/** A stream's player: a Twitch VOD or a YouTube video. */
export function streamEmbed(stream: { provider: string; remoteId: string }): EmbedTarget | undefined {
  if (stream.provider === 'twitch') return { kind: 'twitch-video', videoId: stream.remoteId.replace(/^v/, '') };
  if (stream.provider === 'youtube') return { kind: 'youtube', videoId: stream.remoteId };
  return undefined;
}

export function clipEmbed(clip: { remoteId: string }): EmbedTarget {
  return { kind: 'twitch-clip', slug: clip.remoteId };
}
