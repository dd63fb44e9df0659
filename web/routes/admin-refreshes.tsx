import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /admin/refreshes (spec 2 "Admin console").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function AdminRefreshesPage() {
  return <EmphasisHeader icon="hammer" text="Playlist Refresh Approval" emphasis="Queue" />;
}
