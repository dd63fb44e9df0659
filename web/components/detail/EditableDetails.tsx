import { Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Stream } from '../../../common/api';
import { LYRICS_MAX } from '../../../common/edits';
import type { EntityKind } from '../../../common/enums';
import { formatDuration } from '../../../common/format';
import { useCurrentUser } from '../../api/auth';
import { apiGet } from '../../api/client';
import { submitEdit } from '../../api/community';
import type { ItemOf } from '../../api/items';
import { DETAIL_PATHS } from '../../lib/detail';
import type { ReadOnlyField } from '../../lib/detail-fields';
import { notifySuccess } from '../../toasts/notify';
import { TagSelect } from '../filters/TagSelect';
import {
  EDIT_FIELDS,
  type EditValues,
  initialValues,
  isChanged,
  parseStreamId,
  toPayload,
  UPDATE_FAILURE_TEXTS,
  validate,
} from './edit-form';
import { ItemDetailsView } from './ItemDetailsView';

interface EditableDetailsProps<K extends EntityKind> {
  kind: K;
  item: ItemOf[K];
  /** The read-only fields, shown above the editable ones (spec 5 "Edit fields") */
  fields: ReadOnlyField[];
}

/**
 * The edit view of any item (spec 2): the details view's read-only fields, then the kind's editable
 * ones (songs: stream id, stream timestamp, lyrics, tags; streams: tags; playlists and clips: stream
 * id and tags), CANCEL back to details, and SAVE for admins (applied at once) or PROPOSE CHANGE for
 * others (an edit request an admin approves). Saving shows a spinner; on success it goes to details,
 * on failure it stays with the form as it was.
 */
export function EditableDetails<K extends EntityKind>({ kind, item, fields }: EditableDetailsProps<K>) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editable = EDIT_FIELDS[kind];
  const [values, setValues] = useState<EditValues>(() => initialValues(item));
  const set = <F extends keyof EditValues>(field: F, value: EditValues[F]) => setValues((current) => ({ ...current, [field]: value }));
  const errors = validate(kind, values);
  const valid = Object.keys(errors).length === 0;
  const changed = isChanged(kind, item, values);
  const admin = user?.admin === true;

  const save = useMutation({
    mutationFn: () => submitEdit(kind, item.id, toPayload(kind, values)),
    onSuccess: async (result) => {
      notifySuccess('Change submitted');
      // Applied at once (an admin's SAVE): every cached view of the item shows the change.
      if (result.applied) await queryClient.invalidateQueries({ queryKey: ['item', kind, item.id] });
      await navigate({ to: DETAIL_PATHS[kind].details, params: { id: item.id } });
    },
    meta: { failureText: UPDATE_FAILURE_TEXTS[kind] },
  });

  const actions = (
    <>
      <Button
        renderRoot={(props) => <Link {...props} to={DETAIL_PATHS[kind].details} params={{ id: item.id }} />}
        variant="default"
        leftSection={<IconX size={18} aria-hidden />}
      >
        CANCEL
      </Button>
      <Button
        leftSection={admin ? <IconCheck size={18} aria-hidden /> : <IconSend size={18} aria-hidden />}
        loading={save.isPending}
        disabled={!valid || !changed}
        onClick={() => save.mutate()}
      >
        {admin ? 'SAVE' : 'PROPOSE CHANGE'}
      </Button>
    </>
  );

  return (
    <ItemDetailsView kind={kind} id={item.id} name={item.name} thumbnail={item.thumbnail} editable fields={fields} editActions={actions}>
      <Stack gap="md" data-testid="edit-fields">
        {editable.includes('streamId') || editable.includes('streamTimestamp') ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {editable.includes('streamId') ? (
              <StreamIdField value={values.streamId} error={errors.streamId} onChange={(v) => set('streamId', v)} />
            ) : null}
            {editable.includes('streamTimestamp') ? (
              <TextInput
                label="Stream timestamp"
                description="Seconds, or h:mm:ss"
                placeholder="1:02:03"
                inputMode="numeric"
                autoComplete="off"
                value={values.streamTimestamp}
                error={errors.streamTimestamp}
                onChange={(event) => set('streamTimestamp', event.currentTarget.value)}
                disabled={save.isPending}
              />
            ) : null}
          </SimpleGrid>
        ) : null}
        {editable.includes('lyrics') ? (
          <Textarea
            label="Lyrics"
            autosize
            minRows={4}
            maxRows={16}
            maxLength={LYRICS_MAX}
            value={values.lyrics}
            error={errors.lyrics}
            onChange={(event) => set('lyrics', event.currentTarget.value)}
            disabled={save.isPending}
          />
        ) : null}
        <TagSelect value={values.tags} onChange={(tags) => set('tags', tags)} />
      </Stack>
    </ItemDetailsView>
  );
}

/** The stream id, with the stream it names (or that there is none) under it. */
function StreamIdField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const id = parseStreamId(value);
  const stream = useQuery({
    queryKey: ['stream-of-edit', id],
    queryFn: ({ signal }) => apiGet<Stream>(`/api/streams/${id}`, undefined, signal),
    enabled: typeof id === 'number',
    retry: false,
    staleTime: 60_000,
  });
  const description =
    typeof id !== 'number'
      ? 'The id of the stream (empty: none)'
      : stream.data
        ? `${stream.data.name} (${formatDuration(stream.data.duration)})`
        : stream.isError
          ? 'No stream has this id'
          : 'Looking for the stream…';
  return (
    <TextInput
      label="Stream id"
      description={description}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      error={error ?? (typeof id === 'number' && stream.isError ? true : undefined)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
