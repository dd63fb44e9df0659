import { playlistLists } from '../api/catalogue';
import { PlaylistCard } from '../components/cards/cards';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { ItemList } from '../components/list/ItemList';

/** /playlists/albums: a paged list of album playlists (spec 2). */
export function AlbumsPage() {
  return (
    <>
      <EmphasisHeader icon="disc" text="Albums" />
      <ItemList
        main
        source={playlistLists.ofType('album')}
        mode="paged"
        pageSize="playlist"
        entity="albums"
        failureText="Unable to retrieve playlists"
        renderItem={(playlist) => <PlaylistCard playlist={playlist} />}
      />
    </>
  );
}
