/** Enumerations of spec section 3, shared by server and web. */

export const PROVIDERS = ['youtube', 'sound_cloud', 'twitch'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Media filters send only these providers; stream filters only the stream ones. */
export const MEDIA_PROVIDERS = ['youtube', 'sound_cloud'] as const satisfies readonly Provider[];
export const STREAM_PROVIDERS = ['twitch', 'youtube'] as const satisfies readonly Provider[];
export const PLAYLIST_PROVIDERS = MEDIA_PROVIDERS;
export const CLIP_PROVIDERS = ['twitch'] as const satisfies readonly Provider[];

export const PROVIDER_LABELS: Record<Provider, string> = {
  twitch: 'Twitch',
  youtube: 'YouTube',
  sound_cloud: 'SoundCloud',
};

/**
 * A source is `{streamerKey}_{kind}`. The kinds are fixed; the streamer key comes from config,
 * so the full source values are built at run time with `sourceValue`.
 */
export const SOURCE_KINDS = ['twitch', 'daily', 'music', 'yt', 'sc'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Sources offered in the filter bar, in the order the spec lists them. */
export const FILTER_SOURCE_KINDS = ['daily', 'music', 'yt', 'sc'] as const satisfies readonly SourceKind[];

export function sourceValue(streamerKey: string, kind: SourceKind): string {
  return `${streamerKey}_${kind}`;
}

export function sourceValues(streamerKey: string): string[] {
  return SOURCE_KINDS.map((kind) => sourceValue(streamerKey, kind));
}

export function sourceKindOf(source: string): SourceKind | undefined {
  const kind = source.slice(source.lastIndexOf('_') + 1);
  return (SOURCE_KINDS as readonly string[]).includes(kind) ? (kind as SourceKind) : undefined;
}

/** Labels in the spec's order: "{name}", "{name} Unofficial", "{name} Music", "{name}", "{name} audio". */
export function sourceLabel(streamerName: string, source: string): string {
  switch (sourceKindOf(source)) {
    case 'daily':
      return `${streamerName} Unofficial`;
    case 'music':
      return `${streamerName} Music`;
    case 'sc':
      return `${streamerName} audio`;
    default:
      return streamerName;
  }
}

/** What each filter-bar source option stands for (shown as the option's description). */
export const FILTER_SOURCE_DESCRIPTIONS: Record<(typeof FILTER_SOURCE_KINDS)[number], string> = {
  daily: 'Unofficial daily channel',
  music: 'Music channel',
  yt: 'Main channel',
  sc: 'Audio channel',
};

export const PERIODS = ['week', 'month', 'six_months', 'year', 'all_time'] as const;
export type Period = (typeof PERIODS)[number];

/** Length of each period in days; all_time has no lower bound. */
export const PERIOD_DAYS: Record<Period, number | null> = {
  week: 7,
  month: 30,
  six_months: 182,
  year: 365,
  all_time: null,
};

export const SORTS = ['top', 'latest', 'random', 'relevance', 'duration'] as const;
export type Sort = (typeof SORTS)[number];

export const PLAYLIST_TYPES = ['community', 'best_of', 'stream', 'other', 'album'] as const;
export type PlaylistType = (typeof PLAYLIST_TYPES)[number];

export const ENTITY_KINDS = ['media', 'streams', 'playlists', 'clips'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const SEARCH_TYPES = ['media', 'stream', 'playlist', 'clip'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const RANDOM_KINDS = ['stream', 'media', 'playlist'] as const;
