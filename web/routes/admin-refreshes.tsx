import { Stack } from '@mantine/core';
import { refreshQueue } from '../api/community';
import { playlistRequestTexts } from '../components/admin/changes';
import { PlaylistRequestCard } from '../components/admin/PlaylistRequestCard';
import { QueueSection } from '../components/admin/QueueSection';

/** /admin/refreshes: the Playlist Refresh Approvals tab: community submissions, then refresh requests. */
export function AdminRefreshesPage() {
  const submissions = playlistRequestTexts('submission');
  const refreshes = playlistRequestTexts('refresh');
  return (
    <Stack gap={40}>
      <QueueSection
        icon="community"
        text="Community Playlist"
        emphasis="Submissions"
        source={refreshQueue('submission')}
        failureText="Unable to retrieve playlist refresh requests"
        emptyText={submissions.empty}
        entity="community playlist submissions"
        renderItem={(request) => <PlaylistRequestCard request={request} type="submission" />}
      />
      <QueueSection
        icon="playlist"
        text="Playlist Refresh"
        emphasis="Requests"
        source={refreshQueue('refresh')}
        failureText="Unable to retrieve playlist refresh requests"
        emptyText={refreshes.empty}
        entity="playlist refresh requests"
        renderItem={(request) => <PlaylistRequestCard request={request} type="refresh" />}
      />
    </Stack>
  );
}
