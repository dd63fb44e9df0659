import { Group, Paper, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import classes from './OfflineNotice.module.css';

/**
 * "You are offline" (issue 25), while the browser says it has no network: the shell still works (the
 * service worker keeps every screen's code), pages already visited show what they loaded (the query
 * cache), and reads wait for the network to come back (TanStack Query pauses them on `offline`).
 * Part of the late shell parts (LateParts.tsx): offline, those come from the worker's precache.
 */
export function OfflineNotice() {
  const { online } = useNetwork();
  // The live region stays in the page, so screen readers announce the notice when it appears.
  return (
    <div role="status" className={classes.notice}>
      {online ? null : (
        <Paper shadow="md" radius="xl" px="md" py={6} withBorder>
          <Group gap="xs" wrap="nowrap">
            <IconWifiOff size={18} stroke={1.8} aria-hidden />
            <Text size="sm" fw={600}>
              You are offline
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="xs">
              Pages you visited show what they had loaded.
            </Text>
          </Group>
        </Paper>
      )}
    </div>
  );
}
