import type { EntityKind } from '../../../common/enums';
import type { EmphasisIcon } from '../EmphasisHeader';

/** The routes of each kind's screens (router.tsx). */
export const DETAIL_PATHS = {
  media: { page: '/media/$id', details: '/media/$id/details', edit: '/media/$id/edit' },
  streams: { page: '/streams/$id', details: '/streams/$id/details', edit: '/streams/$id/edit' },
  playlists: { page: '/playlists/$id', details: '/playlists/$id/details', edit: '/playlists/$id/edit' },
  clips: { page: '/clips/$id', details: '/clips/$id/details', edit: '/clips/$id/edit' },
} as const satisfies Record<EntityKind, { page: string; details: string; edit: string }>;

/** Each kind's header icon and title ("Song", "Stream", ...). */
export const KIND_TITLES: Record<EntityKind, { icon: EmphasisIcon; title: string }> = {
  media: { icon: 'song', title: 'Song' },
  streams: { icon: 'stream', title: 'Stream' },
  playlists: { icon: 'playlist', title: 'Playlist' },
  clips: { icon: 'clip', title: 'Clip' },
};
