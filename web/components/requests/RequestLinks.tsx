import { Button } from '@mantine/core';
import { IconHistory, IconListNumbers, IconMicrophone, IconVideo } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The request screens link to each other (spec 2): one label and icon per destination. */
const DESTINATIONS = {
  '/request/sample': { label: 'New Sample Request', Icon: IconMicrophone },
  '/request/flip': { label: 'New Flip Request', Icon: IconVideo },
  '/requests/queue': { label: 'Request Queue', Icon: IconListNumbers },
  '/requests/history': { label: 'Request History', Icon: IconHistory },
} as const;

export type RequestDestination = keyof typeof DESTINATIONS;

/** A light button that opens another request screen. */
export function RequestLinkButton({ to }: { to: RequestDestination }) {
  const { label, Icon } = DESTINATIONS[to];
  return (
    <Button renderRoot={(props) => <Link {...props} to={to} />} variant="light" leftSection={<Icon size={16} aria-hidden />}>
      {label}
    </Button>
  );
}
