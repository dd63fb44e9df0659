import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { approvePlaylistRequest, type PlaylistRequest, rejectPlaylistRequest } from '../../api/community';
import { notifyFailure, notifySuccess } from '../../toasts/notify';
import { RequestedBy } from '../RequestedBy';
import { playlistRequestTexts } from './changes';
import { DecisionButtons } from './DecisionButtons';

/**
 * One community submission (no playlistId yet) or refresh request: the playlist at YouTube, who
 * asked and when, and APPROVE (imports the playlist now and says what it added) / REJECT.
 */
export function PlaylistRequestCard({ request, type }: { request: PlaylistRequest; type: 'submission' | 'refresh' }) {
  const queryClient = useQueryClient();
  const texts = playlistRequestTexts(type);
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const youtubeUrl = `https://www.youtube.com/playlist?list=${request.remoteId}`;
  // A submission has no name yet: the import reads it from YouTube.
  const title = request.playlistName ?? 'New community playlist';

  const decide = useMutation({
    mutationFn: async (decision: 'approve' | 'reject'): Promise<string | null> => {
      if (decision === 'approve') return (await approvePlaylistRequest(request.id)).message;
      await rejectPlaylistRequest(request.id);
      return null;
    },
    onMutate: (decision) => setPending(decision),
    onSuccess: async (message, decision) => {
      notifySuccess(decision === 'approve' ? texts.approved : texts.rejected, message ?? undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['list', '/api/playlists/refresh'] }),
        // New or changed playlists show in the playlist lists.
        decision === 'approve' ? queryClient.invalidateQueries({ queryKey: ['list', '/api/playlists'] }) : undefined,
      ]);
    },
    onError: (error, decision) => notifyFailure(decision === 'approve' ? texts.approveFailed : texts.rejectFailed, error),
    onSettled: () => setPending(null),
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="playlist-request">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          {request.playlistId !== undefined ? (
            <Anchor
              renderRoot={(props) => <Link {...props} to="/playlists/$id" params={{ id: request.playlistId! }} />}
              fw={600}
              lineClamp={2}
            >
              {title}
            </Anchor>
          ) : (
            <Text fw={600}>{title}</Text>
          )}
          <Anchor href={youtubeUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {youtubeUrl} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>
          <RequestedBy verb={type === 'submission' ? 'Submitted' : 'Requested'} name={request.submittedBy} date={request.updatedAt} />
        </Stack>
        <DecisionButtons
          pending={pending}
          subject={type === 'submission' ? `the submission of ${request.remoteId}` : `the refresh of ${title}`}
          onApprove={() => decide.mutate('approve')}
          onReject={() => decide.mutate('reject')}
        />
      </Group>
    </Paper>
  );
}
