import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../api/config';
import { itemQuery } from '../api/items';
import { DetailStatus } from '../components/detail/DetailStatus';
import { ItemDetailsView } from '../components/detail/ItemDetailsView';
import { useDetailsRoute } from '../components/detail/useDetailsRoute';
import { readOnlyFields } from '../lib/detail-fields';

/**
 * /media/$id/details (read-only) and /media/$id/edit (editable), one component; staticData.editable
 * tells which. The edit fields (stream id, stream timestamp, lyrics, tags) and SAVE / PROPOSE CHANGE
 * come with the edit view, through ItemDetailsView's children and editActions.
 */
export function MediaDetailsPage() {
  const { id, editable } = useDetailsRoute('media');
  const { streamerName } = useConfig();
  const query = useQuery(itemQuery('media', id));
  return (
    <DetailStatus kind="media" query={query}>
      {(media) => (
        <ItemDetailsView
          kind="media"
          id={media.id}
          name={media.name}
          thumbnail={media.thumbnail}
          editable={editable}
          fields={readOnlyFields(media, streamerName)}
        />
      )}
    </DetailStatus>
  );
}
