import type { Clip, Media, Playlist, Stream } from '../../common/api';
import type { Period, PlaylistType } from '../../common/enums';
import type { QueryParams } from '../lib/api-error';
import type { CatalogueFilter } from '../lib/filters';
import { type ListSource, pagedEndpoint } from './list-source';

/** List sources of the catalogue read API (server/catalogue/routes.ts). */

function filterParams(filter: Partial<CatalogueFilter> = {}): QueryParams {
  return { providers: filter.providers, sources: filter.sources, tags: filter.tags };
}

export const mediaLists = {
  latest: (filter?: Partial<CatalogueFilter>): ListSource<Media> => pagedEndpoint('/api/media/latest', filterParams(filter)),
  /** The media top list takes the period in lowercase (spec 7). */
  top: (period: Period, filter?: Partial<CatalogueFilter>): ListSource<Media> =>
    pagedEndpoint('/api/media/top', { ...filterParams(filter), period }),
};

export const streamLists = {
  latest: (filter?: Partial<CatalogueFilter>): ListSource<Stream> => pagedEndpoint('/api/streams/latest', filterParams(filter)),
};

export const playlistLists = {
  latest: (filter?: Partial<CatalogueFilter>): ListSource<Playlist> => pagedEndpoint('/api/playlists/latest', filterParams(filter)),
  ofType: (type: PlaylistType, filter?: Partial<CatalogueFilter>): ListSource<Playlist> =>
    pagedEndpoint('/api/playlists', { ...filterParams(filter), type }),
};

export const clipLists = {
  /** Top clips; sort=latest lists the period newest first (the LATEST view). */
  top: (period: Period, sort: 'top' | 'latest', filter: { tags?: number[]; clippedBy?: string } = {}): ListSource<Clip> =>
    pagedEndpoint('/api/clips/top', { period, sort, tags: filter.tags, clippedBy: filter.clippedBy }),
};
