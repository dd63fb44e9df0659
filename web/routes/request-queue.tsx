import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /requests/queue (spec 2 "Flip Request Queue").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function RequestQueuePage() {
  return <EmphasisHeader icon="queue" text="Request" emphasis="Queue" />;
}
