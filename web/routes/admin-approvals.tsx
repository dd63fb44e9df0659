import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RefundAttention } from '../../common/request-lifecycle';
import { useConfig } from '../api/config';
import { heldRequestsQuery, refundAttentionQuery } from '../api/request-lifecycle';
import { HeldRequestCard } from '../components/admin/HeldRequestCard';
import { EmphasisHeader } from '../components/EmphasisHeader';
import plain from '../components/plainList.module.css';
import { TimeAgo } from '../components/TimeAgo';

/**
 * /admin/approvals, the Request Approvals tab (issue 19 "Hold and approve"): the paid requests
 * waiting for an admin, oldest first, each to listen to (samples), APPROVE or REJECT (with a refund);
 * then the rejected requests whose refund PayPal has not completed. Both lists poll while the tab is
 * open (api/request-lifecycle.ts says why).
 */
export function AdminApprovalsPage() {
  const held = useQuery(heldRequestsQuery);
  const attention = useQuery(refundAttentionQuery);
  const { requireApproval } = useConfig();
  return (
    <Stack gap={40}>
      <Stack component="section" aria-label="Waiting for Approval" gap="md">
        <EmphasisHeader order={2} icon="queue" text="Waiting for" emphasis="Approval" />
        <Text size="sm" c="dimmed">
          {approvalRule(requireApproval)} A rejected request is refunded in full through PayPal.
        </Text>
        <LiveList
          query={held}
          entity="requests waiting for approval"
          empty="No requests are waiting for approval"
          render={(request) => <HeldRequestCard request={request} />}
        />
      </Stack>
      <Stack component="section" aria-label="Refunds needing Attention" gap="md">
        <EmphasisHeader order={2} icon="history" text="Refunds needing" emphasis="Attention" />
        <Text size="sm" c="dimmed">
          Rejected requests whose money is not back yet: a pending refund completes when PayPal confirms it, a failed one is tried again
          automatically.
        </Text>
        <LiveList
          query={attention}
          entity="refunds needing attention"
          empty="Every refund has gone through"
          render={(request) => <RefundAttentionCard request={request} />}
        />
      </Stack>
    </Stack>
  );
}

function approvalRule({ flip, sample }: { flip: boolean; sample: boolean }): string {
  if (flip && sample) return 'Paid flips and samples wait here until an admin approves them.';
  if (sample) return 'Paid samples wait here until an admin approves them; paid flips go straight to the queue.';
  if (flip) return 'Paid flips wait here until an admin approves them; paid samples go straight to the sample player.';
  return 'Paid requests go straight to the queue and the sample player: approval is off.';
}

interface LiveListProps<T extends { id: number }> {
  query: UseQueryResult<T[]>;
  /** "An error occurred when loading {entity}" */
  entity: string;
  empty: string;
  render: (item: T) => ReactNode;
}

/** A polled list: its items, a loader at first, the empty text, or the error with a Retry (which restarts the polling). */
function LiveList<T extends { id: number }>({ query, entity, empty, render }: LiveListProps<T>) {
  const items = query.data ?? [];
  return (
    <Stack gap="md" aria-busy={query.isFetching}>
      {items.length > 0 ? (
        <Stack component="ul" gap="md" className={plain.plainList}>
          {items.map((item) => (
            <li key={item.id}>{render(item)}</li>
          ))}
        </Stack>
      ) : null}
      {query.isPending ? (
        <Center py="sm">
          <Loader size="sm" aria-label={`Loading ${entity}`} />
        </Center>
      ) : null}
      {query.isError ? (
        <Group gap="sm">
          <Text c="var(--mantine-color-error)" role="alert">
            An error occurred when loading {entity}
          </Text>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()}
          >
            Retry
          </Button>
        </Group>
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {empty}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

const ATTENTION_STATE: Record<string, string> = {
  rejected: 'Refund pending at PayPal',
  refund_failed: 'Refund failed: it is tried again automatically',
};

/** A rejected request whose refund is pending or failed, with PayPal's message. */
function RefundAttentionCard({ request }: { request: RefundAttention }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="refund-attention" data-request={request.id}>
      <Stack gap={4}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {request.kind === 'flip' ? 'Flip' : 'Sample'}: {request.title}
        </Text>
        <Text size="sm" c="dimmed">
          Requested by{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {request.username}
          </Text>{' '}
          · <TimeAgo date={request.updatedAt} prefix="updated" />
        </Text>
        <Text size="sm" fw={600} c={request.state === 'refund_failed' ? 'var(--mantine-color-error)' : undefined}>
          {ATTENTION_STATE[request.state] ?? request.state}
        </Text>
        {request.refundError ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="refund-error">
            {request.refundError}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
