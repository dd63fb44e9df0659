import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /requests/history/$id/edit (spec 2 "Request history").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function RequestHistoryEditPage() {
  return <EmphasisHeader icon="history" text="Edit" emphasis="Request" />;
}
