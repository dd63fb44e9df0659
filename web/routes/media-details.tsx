import { ItemDetailsScreen } from '../components/detail/ItemDetailsScreen';

/** /media/$id/details (read-only) and /media/$id/edit (editable). */
export function MediaDetailsPage() {
  return <ItemDetailsScreen kind="media" />;
}
