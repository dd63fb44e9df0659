import type { EntityKind, PlaylistType, Provider } from '../../common/enums';
import { formatDuration } from '../../common/format';

/** Pure rules of the four detail screens (spec 2 "Song detail" ... "Clip detail", spec 8). */

/** The routes of each kind's screens (router.tsx): links from cards, the navbar search and the detail screens. */
export const DETAIL_PATHS = {
  media: { page: '/media/$id', details: '/media/$id/details', edit: '/media/$id/edit' },
  streams: { page: '/streams/$id', details: '/streams/$id/details', edit: '/streams/$id/edit' },
  playlists: { page: '/playlists/$id', details: '/playlists/$id/details', edit: '/playlists/$id/edit' },
  clips: { page: '/clips/$id', details: '/clips/$id/details', edit: '/clips/$id/edit' },
} as const satisfies Record<EntityKind, { page: string; details: string; edit: string }>;

/** The noun each kind uses in the spec's messages: "Liked song", "... loading stream details". */
export const KIND_NOUNS = { media: 'song', streams: 'stream', playlists: 'playlist', clips: 'clip' } as const satisfies Record<
  EntityKind,
  string
>;
export type KindNoun = (typeof KIND_NOUNS)[EntityKind];

/** Spec 8 read failures of one item: songs say "media", the others "{noun} details". */
export const ITEM_FAILURE_TEXTS: Record<EntityKind, string> = {
  media: 'Unable to retrieve media',
  streams: 'Unable to retrieve stream details',
  playlists: 'Unable to retrieve playlist details',
  clips: 'Unable to retrieve clip details',
};

/** Spec 2 / 8: the inline line of a detail page that failed to load. */
export function detailsErrorText(kind: EntityKind): string {
  return `An error occurred when loading ${KIND_NOUNS[kind]} details`;
}

/** Spec 8 toasts of the like and unlike calls. */
export function likeTexts(kind: EntityKind) {
  const noun = KIND_NOUNS[kind];
  return {
    liked: `Liked ${noun}`,
    unliked: `Unliked ${noun}`,
    likeFailed: `Unable to like ${noun}`,
    unlikeFailed: `Unable to unlike ${noun}`,
  };
}

/** The external link to an item at its provider: audio is listened to, video watched. */
export function providerLinkLabel(provider: Provider): string {
  switch (provider) {
    case 'sound_cloud':
      return 'Listen on SoundCloud';
    case 'twitch':
      return 'Watch on Twitch';
    default:
      return 'Watch on YouTube';
  }
}

/** "Watch Stream at 1:02:03": the label of a link that opens a stream at a timestamp. */
export function watchStreamLabel(seconds: number): string {
  return `Watch Stream at ${formatDuration(seconds)}`;
}

/**
 * Spec 2 / 6: anyone logged in may ask for a community playlist's refresh; only admins for any other
 * playlist. Nobody while the user is still unknown.
 */
export function canRequestRefresh(type: PlaylistType, user: { admin: boolean } | null | undefined): boolean {
  if (!user) return false;
  return type === 'community' || user.admin;
}

/** "1 song", "12 songs". */
export function songCount(count: number): string {
  return `${count} ${count === 1 ? 'song' : 'songs'}`;
}
