import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /radio (spec 2 "Radio").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function RadioPage() {
  return <EmphasisHeader icon="radio" text="Radio" />;
}
