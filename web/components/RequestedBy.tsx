import { Text } from '@mantine/core';
import { TimeAgo } from './TimeAgo';

/** "Requested by Ana · 2 days ago" (or "Submitted by ..."): who asked, and when the request last changed. */
export function RequestedBy({ verb = 'Requested', name, date }: { verb?: string; name: string; date: string }) {
  return (
    <Text size="sm" c="dimmed">
      {verb} by{' '}
      <Text span fw={600} c="var(--mantine-color-text)">
        {name}
      </Text>{' '}
      · <TimeAgo date={date} />
    </Text>
  );
}
