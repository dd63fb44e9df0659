import { useNotifications } from '@mantine/notifications';
import { useLayoutEffect, useState } from 'react';

/** The widths (Mantine's xs, 36em) from which the toasts are a narrow column at the right, not the screen's width. */
export const TOASTS_COLUMN_QUERY = '(min-width: 36em)';

/** How far below the header a tall title row may push the toasts: past that they would sit mid-screen, away from where spec 9 puts them. */
const MAX_BELOW_HEADER_PX = 200;

/**
 * Where the top-right toasts start (issue 24 item 3), in px from the top of the window: below the
 * fixed header, so the Login/avatar button is never under them, and, on screens wide enough for
 * the column at the right, below the page's title row too while it is in view (EmphasisHeader marks
 * it). That row holds the page's own actions at its right end (ENABLE/DISABLE REQUESTS, NEXT
 * REQUEST, Request Queue, the filter toggle), the very buttons whose click just raised the toast:
 * a toast over them would hide them for its 5 s, and a pointer resting on it would keep it there
 * (hovering pauses it). Once the row is scrolled away the toasts rise to the header, like a sticky
 * element. On a phone the toasts take the width under the header: any place there covers something,
 * and the title is what matters least for 5 s.
 *
 * Measured only while a toast is open, on scroll, resize and when the page below changes (a new
 * screen, a wrapped title row): `undefined` until then, and the CSS falls back to the header's height.
 */
export function useToastsTop(): number | undefined {
  const open = useNotifications().notifications.length > 0;
  const [top, setTop] = useState<number>();
  // Before paint: a new toast appears in its place, not at the fallback first.
  useLayoutEffect(() => {
    if (!open) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setTop(toastsTop());
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    const resized = new ResizeObserver(schedule);
    const main = document.getElementById('main');
    if (main) resized.observe(main);
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, [open]);
  return top;
}

/** The bottom of the header, or of the page's title row while it shows below it on a wide screen. */
function toastsTop(): number {
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  if (!matchMedia(TOASTS_COLUMN_QUERY).matches) return header;
  const row = document.querySelector('main [data-page-title-row]')?.getBoundingClientRect().bottom ?? header;
  return Math.round(Math.max(header, Math.min(row, header + MAX_BELOW_HEADER_PX)));
}
