import { ActionIcon, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconBan, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlocklistKind } from '../../common/blocklist';
import { blocklistQuery, useAddToBlocklist, useRemoveFromBlocklist } from '../api/blocklist';
import { TimeAgo } from '../components/TimeAgo';

const PLACEHOLDER: Record<BlocklistKind, string> = {
  video: 'YouTube video link or id',
  channel: 'YouTube channel link (/channel/UC…) or id',
};

/** /admin/blocklist: the videos and channels no flip may request; VERIFY refuses them before anyone pays. */
export function AdminBlocklistPage() {
  const [kind, setKind] = useState<BlocklistKind>('video');
  const [value, setValue] = useState('');
  const entries = useQuery(blocklistQuery);
  const add = useAddToBlocklist();
  const remove = useRemoveFromBlocklist();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate({ kind, value }, { onSuccess: () => setValue('') });
  };
  return (
    <Stack gap="lg">
      <Text c="dimmed">Flip requests of these videos, or of any video of these channels, are refused before anyone pays.</Text>
      <form onSubmit={submit}>
        <Group align="end" wrap="wrap">
          <SegmentedControl
            aria-label="What to block"
            value={kind}
            onChange={(next) => setKind(next as BlocklistKind)}
            data={[
              { value: 'video', label: 'Video' },
              { value: 'channel', label: 'Channel' },
            ]}
          />
          <TextInput
            label={kind === 'video' ? 'Video' : 'Channel'}
            placeholder={PLACEHOLDER[kind]}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
            required
          />
          <Button type="submit" leftSection={<IconBan size={16} aria-hidden />} loading={add.isPending} disabled={!value.trim()}>
            BLOCK
          </Button>
        </Group>
      </form>
      {entries.data?.length === 0 && <Text>Nothing is blocked.</Text>}
      {entries.data && entries.data.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Id</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th aria-label="Remove" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.kind === 'video' ? 'Video' : 'Channel'}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{entry.value}</Table.Td>
                  <Table.Td>
                    <TimeAgo date={entry.createdAt} />
                    {entry.addedBy ? ` by ${entry.addedBy}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${entry.value} from the blocklist`}
                      loading={remove.isPending && remove.variables === entry.id}
                      onClick={() => remove.mutate(entry.id)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
