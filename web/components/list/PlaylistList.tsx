import type { Playlist } from '../../../common/api';
import type { ListSource } from '../../api/list-source';
import { PlaylistCard } from '../cards/cards';
import { ItemList } from './ItemList';

interface PlaylistListProps {
  source: ListSource<Playlist>;
  /** Read-failure toast; most of these lists use the generic one */
  failureText?: string;
  /** The noun of the empty and error lines ("No albums found") */
  entity?: string;
  /** See ItemList's `main` */
  main?: boolean;
}

/**
 * The playlist lists of the playlist screens and detail pages: playlist cards, one row of the
 * playlist page size at a time with Load More. (Liked and search results scroll on instead.)
 */
export function PlaylistList({ source, failureText = 'Unable to retrieve playlists', entity = 'playlists', main }: PlaylistListProps) {
  return (
    <ItemList
      main={main}
      source={source}
      mode="paged"
      pageSize="playlist"
      entity={entity}
      failureText={failureText}
      renderItem={(playlist) => <PlaylistCard playlist={playlist} />}
    />
  );
}
