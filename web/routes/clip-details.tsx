import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /clips/$id/details and /edit; staticData.editable tells which.
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function ClipDetailsPage() {
  return <EmphasisHeader icon="clip" text="Clip" emphasis="Details" />;
}
