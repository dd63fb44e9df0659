import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /media/$id/details and /edit; staticData.editable tells which (spec 2 "Song detail").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function MediaDetailsPage() {
  return <EmphasisHeader icon="song" text="Song" emphasis="Details" />;
}
