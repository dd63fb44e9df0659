import { type ComponentProps, lazy, Suspense, useState } from 'react';

const RejectRequestModal = lazy(() => import('./RejectRequestModal').then((module) => ({ default: module.RejectRequestModal })));

/**
 * RejectRequestModal, loaded at the first REJECT (an admin's click): the queue and approval pages
 * then leave Mantine's Modal, its scroll area and the form out of their first download (issue 23).
 * Once opened it stays mounted, so it closes with its animation like any Modal.
 */
export function LazyRejectRequestModal(props: ComponentProps<typeof RejectRequestModal>) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <RejectRequestModal {...props} />
    </Suspense>
  );
}
