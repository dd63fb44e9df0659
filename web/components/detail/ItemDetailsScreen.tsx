import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { EntityKind } from '../../../common/enums';
import { useConfig } from '../../api/config';
import { itemQuery } from '../../api/items';
import { KIND_NOUNS } from '../../lib/detail';
import { readOnlyFields } from '../../lib/detail-fields';
import { DetailStatus } from './DetailStatus';
import { ItemDetailsView } from './ItemDetailsView';
import { useDetailsRoute } from './useDetailsRoute';

/** The edit form (tag select, validation with zod) loads only on /edit: /details only reads (issue 23). */
const EditableDetails = lazy(() => import('./EditableDetails').then((module) => ({ default: module.EditableDetails })));

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
          <Suspense
            fallback={
              <Center py={80}>
                <Loader aria-label={`Loading ${KIND_NOUNS[kind]} details`} />
              </Center>
            }
          >
            <EditableDetails key={item.id} kind={kind} item={item} fields={readOnlyFields(item, streamerName)} />
          </Suspense>
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
