import type { PgColumn } from 'drizzle-orm/pg-core';
import { CLIP_PROVIDERS, type EntityKind, MEDIA_PROVIDERS, PLAYLIST_PROVIDERS, type Provider, STREAM_PROVIDERS } from '../../common/enums';
import { clips, media, playlists, streams } from './schema';

/**
 * What differs between the four catalogue kinds, so one list/filter/sort implementation serves all.
 * `date` orders "latest" and bounds periods; `length` orders "duration".
 */
export interface KindSpec {
  kind: EntityKind;
  table: typeof media | typeof streams | typeof playlists | typeof clips;
  date: PgColumn;
  length: PgColumn;
  providers: readonly Provider[];
  /** Singular noun used in messages ("Unable to retrieve song", "Unknown stream") */
  noun: string;
}

export const KINDS = {
  media: { kind: 'media', table: media, date: media.uploadedAt, length: media.duration, providers: MEDIA_PROVIDERS, noun: 'song' },
  streams: {
    kind: 'streams',
    table: streams,
    date: streams.uploadedAt,
    length: streams.duration,
    providers: STREAM_PROVIDERS,
    noun: 'stream',
  },
  playlists: {
    kind: 'playlists',
    table: playlists,
    date: playlists.lastUpdated,
    length: playlists.mediaCount,
    providers: PLAYLIST_PROVIDERS,
    noun: 'playlist',
  },
  clips: { kind: 'clips', table: clips, date: clips.uploadedAt, length: clips.duration, providers: CLIP_PROVIDERS, noun: 'clip' },
} as const satisfies Record<EntityKind, KindSpec>;

export type Kinds = typeof KINDS;
