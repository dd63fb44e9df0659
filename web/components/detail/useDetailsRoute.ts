import { useMatch } from '@tanstack/react-router';
import type { EntityKind } from '../../../common/enums';
import { DETAIL_PATHS } from '../../lib/detail';

/**
 * The id and mode of a details screen: /{kind}/$id/details (read-only) and /{kind}/$id/edit
 * (editable) share one component; the mode is the route's staticData.editable.
 */
export function useDetailsRoute(kind: EntityKind): { id: number; editable: boolean } {
  const details = useMatch({ from: DETAIL_PATHS[kind].details, shouldThrow: false });
  const edit = useMatch({ from: DETAIL_PATHS[kind].edit, shouldThrow: false });
  const match = edit ?? details;
  if (!match) throw new Error(`useDetailsRoute('${kind}') used outside its details and edit routes`);
  return { id: match.params.id, editable: match.staticData.editable === true };
}
