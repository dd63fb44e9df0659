import { ItemDetailsScreen } from '../components/detail/ItemDetailsScreen';

/** /clips/$id/details (read-only) and /clips/$id/edit (editable). */
export function ClipDetailsPage() {
  return <ItemDetailsScreen kind="clips" />;
}
