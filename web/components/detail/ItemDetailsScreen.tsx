import { useQuery } from '@tanstack/react-query';
import type { EntityKind } from '../../../common/enums';
import { useConfig } from '../../api/config';
import { itemQuery } from '../../api/items';
import { readOnlyFields } from '../../lib/detail-fields';
import { DetailStatus } from './DetailStatus';
import { EditableDetails } from './EditableDetails';
import { ItemDetailsView } from './ItemDetailsView';
import { useDetailsRoute } from './useDetailsRoute';

/**
 * The /{kind}/$id/details (read-only) and /{kind}/$id/edit (editable) screens of every kind: one
 * component, as staticData.editable tells which. The edit view (EditableDetails)
 * adds the editable fields and SAVE or PROPOSE CHANGE to the same read-only fields.
 */
export function ItemDetailsScreen<K extends EntityKind>({ kind }: { kind: K }) {
  const { id, editable } = useDetailsRoute(kind);
  const { streamerName } = useConfig();
  const query = useQuery(itemQuery(kind, id));
  return (
    <DetailStatus kind={kind} query={query}>
      {(item) =>
        editable ? (
          <EditableDetails key={item.id} kind={kind} item={item} fields={readOnlyFields(item, streamerName)} />
        ) : (
          <ItemDetailsView
            kind={kind}
            id={item.id}
            name={item.name}
            thumbnail={item.thumbnail}
            editable={editable}
            fields={readOnlyFields(item, streamerName)}
          />
        )
      }
    </DetailStatus>
  );
}
