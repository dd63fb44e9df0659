import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /clips/$id (spec 2 "Clip detail").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function ClipPage() {
  return <EmphasisHeader icon="clip" text="Clip" />;
}
