import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /requests/history (spec 2 "Request history").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function RequestHistoryPage() {
  return <EmphasisHeader icon="history" text="Request" emphasis="History" />;
}
