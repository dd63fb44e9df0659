import { Notifications } from '@mantine/notifications';
import { TOAST } from '../../common/constants';

/**
 * Where the toasts show. Mounted after start-up (components/layout/LateParts.tsx): notify.tsx's toasts
 * wait in Mantine's store until then, so none is lost.
 */
export function Toasts() {
  return (
    // Spec 9 toasts: top right, 5 s, 300 ms animation, no limit on open toasts; hovering one pauses only it (newest on top: notify.tsx).
    <Notifications
      position="top-right"
      autoClose={TOAST.displayMs}
      transitionDuration={TOAST.animationMs}
      limit={1000}
      zIndex={1000}
      pauseResetOnHover="notification"
    />
  );
}
