import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /playlists/$id/details and /edit; staticData.editable tells which.
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function PlaylistDetailsPage() {
  return <EmphasisHeader icon="playlist" text="Playlist" emphasis="Details" />;
}
