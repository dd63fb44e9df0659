import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /playlists/$id (spec 2 "Playlist detail").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function PlaylistPage() {
  return <EmphasisHeader icon="playlist" text="Playlist" />;
}
