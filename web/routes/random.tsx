import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /random (spec 2 "Randomizer").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function RandomPage() {
  return <EmphasisHeader icon="random" text="Randomizer" />;
}
