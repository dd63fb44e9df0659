import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../api/config';
import { itemQuery } from '../api/items';
import { DetailStatus } from '../components/detail/DetailStatus';
import { ItemDetailsView } from '../components/detail/ItemDetailsView';
import { useDetailsRoute } from '../components/detail/useDetailsRoute';
import { EditableDetails } from '../components/edit/EditableDetails';
import { readOnlyFields } from '../lib/detail-fields';

/**
 * /streams/$id/details (read-only) and /streams/$id/edit (editable), one component; staticData.editable
 * tells which. The edit view (components/edit/EditableDetails) adds the editable fields and SAVE or
 * PROPOSE CHANGE to the same read-only fields.
 */
export function StreamDetailsPage() {
  const { id, editable } = useDetailsRoute('streams');
  const { streamerName } = useConfig();
  const query = useQuery(itemQuery('streams', id));
  return (
    <DetailStatus kind="streams" query={query}>
      {(stream) =>
        editable ? (
          <EditableDetails key={stream.id} kind="streams" item={stream} fields={readOnlyFields(stream, streamerName)} />
        ) : (
          <ItemDetailsView
            kind="streams"
            id={stream.id}
            name={stream.name}
            thumbnail={stream.thumbnail}
            editable={editable}
            fields={readOnlyFields(stream, streamerName)}
          />
        )
      }
    </DetailStatus>
  );
}
