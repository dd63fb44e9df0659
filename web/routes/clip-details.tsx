import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../api/config';
import { itemQuery } from '../api/items';
import { DetailStatus } from '../components/detail/DetailStatus';
import { ItemDetailsView } from '../components/detail/ItemDetailsView';
import { useDetailsRoute } from '../components/detail/useDetailsRoute';
import { EditableDetails } from '../components/edit/EditableDetails';
import { readOnlyFields } from '../lib/detail-fields';

/**
 * /clips/$id/details (read-only) and /clips/$id/edit (editable), one component; staticData.editable
 * tells which. The edit view (components/edit/EditableDetails) adds the editable fields and SAVE or
 * PROPOSE CHANGE to the same read-only fields.
 */
export function ClipDetailsPage() {
  const { id, editable } = useDetailsRoute('clips');
  const { streamerName } = useConfig();
  const query = useQuery(itemQuery('clips', id));
  return (
    <DetailStatus kind="clips" query={query}>
      {(clip) =>
        editable ? (
          <EditableDetails key={clip.id} kind="clips" item={clip} fields={readOnlyFields(clip, streamerName)} />
        ) : (
          <ItemDetailsView
            kind="clips"
            id={clip.id}
            name={clip.name}
            thumbnail={clip.thumbnail}
            editable={editable}
            fields={readOnlyFields(clip, streamerName)}
          />
        )
      }
    </DetailStatus>
  );
}
