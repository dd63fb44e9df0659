import { Outlet } from '@tanstack/react-router';
import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /admin layout: header "Admin Console", tabs "Edit Approvals" and "Playlist Refresh Approvals" (spec 2). Must render <Outlet /> for the tab routes.
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function AdminConsolePage() {
  return (
    <>
      <EmphasisHeader icon="hammer" text="Admin" emphasis="Console" />
      <Outlet />
    </>
  );
}
