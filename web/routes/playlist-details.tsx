import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../api/config';
import { itemQuery } from '../api/items';
import { DetailStatus } from '../components/detail/DetailStatus';
import { ItemDetailsView } from '../components/detail/ItemDetailsView';
import { useDetailsRoute } from '../components/detail/useDetailsRoute';
import { EditableDetails } from '../components/edit/EditableDetails';
import { readOnlyFields } from '../lib/detail-fields';

/**
 * /playlists/$id/details (read-only) and /playlists/$id/edit (editable), one component; staticData.editable
 * tells which. The edit view (components/edit/EditableDetails) adds the editable fields and SAVE or
 * PROPOSE CHANGE to the same read-only fields.
 */
export function PlaylistDetailsPage() {
  const { id, editable } = useDetailsRoute('playlists');
  const { streamerName } = useConfig();
  const query = useQuery(itemQuery('playlists', id));
  return (
    <DetailStatus kind="playlists" query={query}>
      {(playlist) =>
        editable ? (
          <EditableDetails key={playlist.id} kind="playlists" item={playlist} fields={readOnlyFields(playlist, streamerName)} />
        ) : (
          <ItemDetailsView
            kind="playlists"
            id={playlist.id}
            name={playlist.name}
            thumbnail={playlist.thumbnail}
            editable={editable}
            fields={readOnlyFields(playlist, streamerName)}
          />
        )
      }
    </DetailStatus>
  );
}
