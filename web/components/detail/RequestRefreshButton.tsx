import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Playlist } from '../../../common/api';
import { useCurrentUser } from '../../api/auth';
import { requestPlaylistRefresh } from '../../api/items';
import { canRequestRefresh } from '../../lib/detail';
import { notifySuccess } from '../../toasts/notify';

/**
 * Asks for a playlist to be read again from its provider (POST /api/playlists/refresh; an admin
 * approves it). Community playlists: any logged-in user; other playlists: admins only (spec 6).
 */
export function RequestRefreshButton({ playlist }: { playlist: Playlist }) {
  const user = useCurrentUser();
  const mutation = useMutation({
    mutationFn: () => requestPlaylistRefresh(playlist),
    onSuccess: () => notifySuccess('Playlist refresh requested'),
    meta: { failureText: 'Unable to request playlist refresh' },
  });
  if (!canRequestRefresh(playlist.type, user)) return null;
  return (
    <Button
      size="sm"
      px="sm"
      fullWidth
      // The longest label: it takes a row of its own in the panel's button grid.
      style={{ gridColumn: '1 / -1' }}
      variant="default"
      leftSection={<IconRefresh size={18} aria-hidden />}
      loading={mutation.isPending}
      onClick={() => mutation.mutate()}
    >
      Request Refresh
    </Button>
  );
}
