import { playlistLists } from '../api/catalogue';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { PlaylistList } from '../components/list/PlaylistList';

/** /playlists/albums: a paged list of album playlists (spec 2). */
export function AlbumsPage() {
  return (
    <>
      <EmphasisHeader icon="disc" text="Albums" />
      <PlaylistList main source={playlistLists.ofType('album')} entity="albums" />
    </>
  );
}
