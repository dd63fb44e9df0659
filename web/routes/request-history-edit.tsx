import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { NAME_MAX, NAME_MIN } from '../../common/constants';
import { formatExactTime } from '../../common/format';
import type { SongRequest } from '../../common/requests';
import { requestQuery, updateRequest } from '../api/requests';
import { LoadStatus } from '../components/detail/DetailStatus';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { checkText, formErrorText } from '../lib/form-errors';
import { notifyFailure, notifySuccess } from '../toasts/notify';

/**
 * /requests/history/$id/edit (admins, spec 2 "Request edit"): id, title, video id and created date
 * read-only; the requester's name and the song's id editable. Saving goes back to the list.
 */
export function RequestHistoryEditPage() {
  const { id } = useParams({ from: '/requests/history/$id/edit' });
  const query = useQuery(requestQuery(id));
  return (
    <LoadStatus noun="request" header={{ icon: 'history', text: 'Edit', emphasis: 'Request' }} query={query}>
      {(request) => <RequestEditForm key={request.id} request={request} />}
    </LoadStatus>
  );
}

/** The song id field: empty is "no song yet"; anything else must be a whole positive number. */
function parseMediaId(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : undefined;
}

function RequestEditForm({ request }: { request: SongRequest }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(request.username);
  const [mediaId, setMediaId] = useState(request.mediaId === null ? '' : String(request.mediaId));
  const name = username.trim();
  const nameProblem = checkText(username, { required: true, minLength: NAME_MIN, maxLength: NAME_MAX });
  const nameError = nameProblem ? formErrorText('Requester name', nameProblem) : null;
  const parsedMediaId = parseMediaId(mediaId);
  const mediaIdError =
    parsedMediaId === undefined
      ? formErrorText(
          'Media id',
          { kind: 'pattern', requiredPattern: /^\d+$/, actualValue: mediaId },
          'a song id (a whole number), or empty',
        )
      : null;

  const save = useMutation({
    mutationFn: () => updateRequest(request.id, { username: name, mediaId: parsedMediaId ?? null }),
    onSuccess: async (saved) => {
      notifySuccess('Successfully updated request');
      queryClient.setQueryData(requestQuery(request.id).queryKey, saved);
      // The history lists and the song pages' "Song Flip Requested by" boxes show the change.
      await queryClient.invalidateQueries({ queryKey: ['list', '/api/requests/history'] });
      await queryClient.invalidateQueries({ queryKey: ['requests'] });
      await navigate({ to: '/requests/history' });
    },
    onError: (error) => notifyFailure('An error occurred when updating request', error),
  });

  return (
    <>
      <EmphasisHeader icon="history" text="Edit" emphasis="Request">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          renderRoot={(props) => <Link {...props} to="/requests/history" />}
        >
          BACK
        </Button>
      </EmphasisHeader>
      <Paper withBorder radius="md" p="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!nameError && !mediaIdError) save.mutate();
          }}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Id" value={String(request.id)} readOnly />
              <TextInput label="Video id" value={request.videoId} readOnly />
              <TextInput label="Title" value={request.title} readOnly />
              <TextInput label="Created" value={formatExactTime(new Date(request.createdAt))} readOnly />
              <TextInput
                label="Requester name"
                value={username}
                onChange={(event) => setUsername(event.currentTarget.value)}
                error={nameError}
                maxLength={NAME_MAX + 10}
                required
              />
              <TextInput
                label="Media id"
                description="The song that came of this request; empty if none yet"
                value={mediaId}
                onChange={(event) => setMediaId(event.currentTarget.value)}
                error={mediaIdError}
                inputMode="numeric"
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={Boolean(nameError || mediaIdError)}
                leftSection={<IconCheck size={16} aria-hidden />}
              >
                SAVE
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
