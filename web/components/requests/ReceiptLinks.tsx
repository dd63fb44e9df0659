import { Button, type ButtonProps } from '@mantine/core';
import { IconClockPlay, IconReceipt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * Links to a paid request's receipt (/requests/{id}, issue 20) and to its moment on stream, shared
 * by the queue cards, the history rows and the song page's "Song Flip Requested by" box. Zod-free:
 * the shapes come in as plain values.
 */

type Size = NonNullable<ButtonProps['size']>;

/** "Receipt": the request's own page. `title` names which one, for lists of several. */
export function ReceiptButton({ id, title, size = 'compact-sm' }: { id: number; title?: string; size?: Size }) {
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/requests/$id" params={{ id }} />}
      size={size}
      variant="light"
      leftSection={<IconReceipt size={14} aria-hidden />}
      aria-label={title ? `Receipt of ${title}` : undefined}
    >
      Receipt
    </Button>
  );
}

/** "Watch the moment": the stream's recording where the request played, in a new tab (like the song page's Watch Stream). */
export function WatchMomentButton({ url, title, size = 'compact-sm' }: { url: string; title?: string; size?: Size }) {
  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size={size}
      variant="light"
      leftSection={<IconClockPlay size={size === 'compact-sm' ? 14 : 18} aria-hidden />}
      aria-label={title ? `Watch the moment ${title} played` : undefined}
    >
      Watch the moment
    </Button>
  );
}
