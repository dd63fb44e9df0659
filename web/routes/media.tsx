import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /media/$id, and /media and /daily (no id: the daily song) (spec 2 "Song detail").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function MediaPage() {
  return <EmphasisHeader icon="song" text="Song" />;
}
