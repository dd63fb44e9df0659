import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../api/config';
import { itemQuery } from '../api/items';
import { DetailStatus } from '../components/detail/DetailStatus';
import { ItemDetailsView } from '../components/detail/ItemDetailsView';
import { useDetailsRoute } from '../components/detail/useDetailsRoute';
import { readOnlyFields } from '../lib/detail-fields';

/**
 * /streams/$id/details (read-only) and /streams/$id/edit (editable), one component; staticData.editable
 * tells which. The edit fields (tags) and SAVE / PROPOSE CHANGE come with the edit view, through
 * ItemDetailsView's children and editActions.
 */
export function StreamDetailsPage() {
  const { id, editable } = useDetailsRoute('streams');
  const { streamerName } = useConfig();
  const query = useQuery(itemQuery('streams', id));
  return (
    <DetailStatus kind="streams" query={query}>
      {(stream) => (
        <ItemDetailsView
          kind="streams"
          id={stream.id}
          name={stream.name}
          thumbnail={stream.thumbnail}
          editable={editable}
          fields={readOnlyFields(stream, streamerName)}
        />
      )}
    </DetailStatus>
  );
}
