import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /streams/$id/details and /edit; staticData.editable tells which.
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function StreamDetailsPage() {
  return <EmphasisHeader icon="stream" text="Stream" emphasis="Details" />;
}
