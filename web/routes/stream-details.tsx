import { ItemDetailsScreen } from '../components/detail/ItemDetailsScreen';

/** /streams/$id/details (read-only) and /streams/$id/edit (editable). */
export function StreamDetailsPage() {
  return <ItemDetailsScreen kind="streams" />;
}
