import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /admin/edits (spec 2 "Admin console").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function AdminEditsPage() {
  return <EmphasisHeader icon="hammer" text="Edit Approval" emphasis="Queue" />;
}
