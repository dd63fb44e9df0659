import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../api/config';
import { itemQuery } from '../api/items';
import { DetailStatus } from '../components/detail/DetailStatus';
import { ItemDetailsView } from '../components/detail/ItemDetailsView';
import { useDetailsRoute } from '../components/detail/useDetailsRoute';
import { EditableDetails } from '../components/edit/EditableDetails';
import { readOnlyFields } from '../lib/detail-fields';

/**
 * /media/$id/details (read-only) and /media/$id/edit (editable), one component; staticData.editable
 * tells which. The edit view (components/edit/EditableDetails) adds the editable fields and SAVE or
 * PROPOSE CHANGE to the same read-only fields.
 */
export function MediaDetailsPage() {
  const { id, editable } = useDetailsRoute('media');
  const { streamerName } = useConfig();
  const query = useQuery(itemQuery('media', id));
  return (
    <DetailStatus kind="media" query={query}>
      {(media) =>
        editable ? (
          <EditableDetails key={media.id} kind="media" item={media} fields={readOnlyFields(media, streamerName)} />
        ) : (
          <ItemDetailsView
            kind="media"
            id={media.id}
            name={media.name}
            thumbnail={media.thumbnail}
            editable={editable}
            fields={readOnlyFields(media, streamerName)}
          />
        )
      }
    </DetailStatus>
  );
}
