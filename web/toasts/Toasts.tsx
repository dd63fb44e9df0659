import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import { TOAST } from '../../common/constants';
import classes from './Toasts.module.css';
import { useToastsTop } from './toasts-top';

/** On a wide screen the toasts are a column this wide at the right: the page beside them stays usable. */
const COLUMN_WIDTH_PX = 320;

/**
 * Where the toasts show. Mounted after start-up (components/layout/LateParts.tsx): notify.tsx's toasts
 * wait in Mantine's store until then, so none is lost. Top right, under the header and the page's
 * title row (toasts-top.ts, Toasts.module.css).
 */
export function Toasts() {
  const top = useToastsTop();
  return (
    // Spec 9 toasts: top right, 5 s, 300 ms animation, no limit on open toasts; hovering one pauses only it (newest on top: notify.tsx).
    <Notifications
      position="top-right"
      autoClose={TOAST.displayMs}
      transitionDuration={TOAST.animationMs}
      limit={1000}
      zIndex={1000}
      containerWidth={COLUMN_WIDTH_PX}
      pauseResetOnHover="notification"
      classNames={{ root: classes.root, notification: classes.notification }}
      style={top === undefined ? undefined : ({ '--toasts-top': `${top}px` } as CSSProperties)}
    />
  );
}
