import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandYoutube, IconMicrophone } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../common/format';
import type { HeldRequest } from '../../../common/request-lifecycle';
import { useApproveRequest } from '../../api/request-lifecycle';
import { RequestedBy } from '../RequestedBy';
import { LazyRejectRequestModal } from '../requests/LazyRejectRequestModal';
import { SamplePreview } from '../sample-preview';
import { DecisionButtons } from './DecisionButtons';

const KIND = {
  flip: { label: 'Flip', Icon: IconBrandYoutube },
  sample: { label: 'Sample', Icon: IconMicrophone },
} as const;

/** "10.00" USD → "$10.00" */
export const heldAmount = (request: Pick<HeldRequest, 'amount' | 'currency'>) =>
  formatMoney(Math.round(Number(request.amount) * 100), request.currency);

/**
 * One paid request waiting for approval: its kind and price, the video (a link to it) or the
 * sample (a player, to listen before it goes on air), who paid and how long ago, APPROVE / REJECT.
 */
export function HeldRequestCard({ request }: { request: HeldRequest }) {
  const approve = useApproveRequest();
  const [rejecting, setRejecting] = useState(false);
  const { label, Icon } = KIND[request.kind];
  const amount = heldAmount(request);
  const subject = `${request.title} by ${request.username}`;

  return (
    <Paper withBorder radius="md" p="md" data-testid="held-request" data-request={request.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap={6} wrap="nowrap">
            <Icon size={18} aria-hidden />
            <Text size="sm" fw={600}>
              <Text span inherit tt="uppercase">
                {label}
              </Text>{' '}
              · <span data-testid="held-amount">{amount}</span>
            </Text>
          </Group>
          <Text component="h3" fw={600} fz="md" lh={1.3} m={0} style={{ overflowWrap: 'anywhere' }}>
            {request.title}
          </Text>
          <RequestedBy verb="Paid" name={request.username} date={request.paidAt} />
          {request.videoId ? (
            <Anchor
              href={`https://www.youtube.com/watch?v=${encodeURIComponent(request.videoId)}`}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              aria-label={`Go to video ${request.title}`}
            >
              Go to video
            </Anchor>
          ) : null}
          {request.sampleId !== null ? <SamplePreview sampleId={request.sampleId} label={`Sample by ${request.username}`} /> : null}
        </Stack>
        <DecisionButtons
          // REJECT's own wait is in its dialog, which covers the card meanwhile.
          pending={approve.isPending ? 'approve' : null}
          subject={subject}
          onApprove={() => approve.mutate(request.id)}
          onReject={() => setRejecting(true)}
        />
      </Group>
      <LazyRejectRequestModal
        target={{ id: request.id, title: request.title, username: request.username, amount }}
        opened={rejecting}
        onClose={() => setRejecting(false)}
      />
    </Paper>
  );
}
