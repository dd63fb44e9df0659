import { Badge } from '@mantine/core';
import classes from './ConnectionBadge.module.css';
import type { ConnectionStatus } from './store';

/** Spec 2: "Connecting..." or "Connected", in the spec's casing and at a readable contrast (Mantine's teal text is under 4.5:1 on white). */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const connected = status === 'Connected';
  return (
    <Badge
      variant="outline"
      color={connected ? 'teal' : 'gray'}
      tt="none"
      size="md"
      classNames={{ label: connected ? classes.connected : classes.connecting }}
      role="status"
    >
      {status}
    </Badge>
  );
}
