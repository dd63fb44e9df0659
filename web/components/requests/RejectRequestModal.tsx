import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { REJECT_REASON_MAX } from '../../../common/request-states';
import { useRejectRequest } from '../../api/request-lifecycle';

/** The request being rejected, as the card that opened the dialog shows it. */
export interface RejectTarget {
  /** The history id (a queue item's `requestId`) */
  id: number;
  title: string;
  username: string;
  /** What the buyer paid, e.g. "$10.00", when the card knows it */
  amount?: string;
}

interface RejectRequestModalProps {
  target: RejectTarget;
  opened: boolean;
  onClose: () => void;
}

/**
 * REJECT of a paid request, from the Admin Console's Request Approvals or the queue page: an
 * optional reason, whether the fan may see it, then the call. Rejecting refunds the payment, so the
 * dialog says so; it closes once the server answered and stays open on a failure (toasted) to retry.
 */
export function RejectRequestModal({ target, opened, onClose }: RejectRequestModalProps) {
  const [reason, setReason] = useState('');
  const [showReason, setShowReason] = useState(false);
  const reject = useRejectRequest();
  const trimmed = reason.trim();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    reject.mutate(
      { id: target.id, ...(trimmed ? { reason: trimmed, showReason } : {}) },
      {
        onSuccess: () => {
          setReason('');
          setShowReason(false);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Reject this request?"
      closeButtonProps={{ 'aria-label': 'Close without rejecting' }}
      closeOnClickOutside={!reject.isPending}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            <Text span fw={600}>
              {target.title}
            </Text>{' '}
            by{' '}
            <Text span fw={600}>
              {target.username}
            </Text>
            . It leaves the queue at once and {target.amount ? `the ${target.amount} payment` : 'its payment'} is refunded in full through
            PayPal.
          </Text>
          <Textarea
            label="Reason (optional)"
            description="Kept with the request for the admins"
            autosize
            minRows={2}
            maxLength={REJECT_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Checkbox
            label="Show the reason to the fan"
            checked={showReason && trimmed !== ''}
            disabled={trimmed === ''}
            onChange={(event) => setShowReason(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={reject.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" leftSection={<IconX size={16} aria-hidden />} loading={reject.isPending}>
              REJECT AND REFUND
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
