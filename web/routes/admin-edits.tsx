import { Stack } from '@mantine/core';
import type { EntityKind } from '../../common/enums';
import { editQueue } from '../api/community';
import { editQueueTexts } from '../components/admin/changes';
import { EditRequestCard } from '../components/admin/EditRequestCard';
import { QueueSection } from '../components/admin/QueueSection';
import type { EmphasisIcon } from '../components/EmphasisHeader';

/** In the spec's order: media, playlist, stream and clip edit requests. */
const SECTIONS: { kind: EntityKind; icon: EmphasisIcon; text: string }[] = [
  { kind: 'media', icon: 'song', text: 'Media' },
  { kind: 'playlists', icon: 'playlist', text: 'Playlist' },
  { kind: 'streams', icon: 'stream', text: 'Stream' },
  { kind: 'clips', icon: 'clip', text: 'Clip' },
];

/** /admin/edits: the Edit Approvals tab, one queue per kind (spec 2 "Admin console"). */
export function AdminEditsPage() {
  return (
    <Stack gap={40}>
      {SECTIONS.map(({ kind, icon, text }) => {
        const texts = editQueueTexts(kind);
        return (
          <QueueSection
            key={kind}
            icon={icon}
            text={text}
            emphasis="Edit Requests"
            source={editQueue(kind)}
            failureText={texts.readFailed}
            emptyText={texts.empty}
            entity={`${text.toLowerCase()} edit requests`}
            renderItem={(request) => <EditRequestCard kind={kind} request={request} />}
          />
        );
      })}
    </Stack>
  );
}
