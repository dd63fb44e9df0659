import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /request/flip (spec 2 "New Flip Request").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function FlipRequestPage() {
  return <EmphasisHeader icon="flip" text="New Flip" emphasis="Request" />;
}
