import { ItemDetailsScreen } from '../components/detail/ItemDetailsScreen';

/** /playlists/$id/details (read-only) and /playlists/$id/edit (editable). */
export function PlaylistDetailsPage() {
  return <ItemDetailsScreen kind="playlists" />;
}
