import type { Clip, Media, Playlist, Stream } from '../../../common/api';
import { pagedEndpoint } from '../../api/list-source';
import { SEARCH_TYPE_INFO, type SearchState, searchCall } from '../../lib/search';
import { ClipCard, MediaCard, PlaylistCard, StreamCard } from '../cards/cards';
import { ItemList } from '../list/ItemList';

/** The infinite list of the current tab: GET /api/{media|streams|playlists|clips} with q, sort and the filters. */
export function SearchResults({ state }: { state: SearchState }) {
  const { path, params } = searchCall(state);
  const { entity, failureText } = SEARCH_TYPE_INFO[state.type];
  switch (state.type) {
    case 'media':
      return (
        <ItemList
          source={pagedEndpoint<Media>(path, params)}
          entity={entity}
          failureText={failureText}
          renderItem={(media) => <MediaCard media={media} />}
        />
      );
    case 'stream':
      return (
        <ItemList
          source={pagedEndpoint<Stream>(path, params)}
          entity={entity}
          failureText={failureText}
          renderItem={(stream) => <StreamCard stream={stream} />}
        />
      );
    case 'playlist':
      return (
        <ItemList
          source={pagedEndpoint<Playlist>(path, params)}
          entity={entity}
          failureText={failureText}
          renderItem={(playlist) => <PlaylistCard playlist={playlist} />}
        />
      );
    case 'clip':
      return (
        <ItemList
          source={pagedEndpoint<Clip>(path, params)}
          entity={entity}
          failureText={failureText}
          renderItem={(clip) => <ClipCard clip={clip} />}
        />
      );
  }
}
