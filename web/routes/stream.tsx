import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /streams/$id (spec 2 "Stream detail").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function StreamPage() {
  return <EmphasisHeader icon="stream" text="Stream" />;
}
