import type { EntityKind } from '../../../common/enums';
import type { EmphasisIcon } from '../EmphasisHeader';

/** Each kind's header icon and title ("Song", "Stream", ...). */
export const KIND_TITLES: Record<EntityKind, { icon: EmphasisIcon; title: string }> = {
  media: { icon: 'song', title: 'Song' },
  streams: { icon: 'stream', title: 'Stream' },
  playlists: { icon: 'playlist', title: 'Playlist' },
  clips: { icon: 'clip', title: 'Clip' },
};
