import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

interface DecisionButtonsProps {
  onApprove: () => void;
  onReject: () => void;
  /** Which decision is on its way, if any */
  pending: 'approve' | 'reject' | null;
  /** Names the request for screen readers: "Approve the edit of Song X" */
  subject: string;
}

/** APPROVE and REJECT of one request; both wait while either is on its way. */
export function DecisionButtons({ onApprove, onReject, pending, subject }: DecisionButtonsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        // teal.9: white on Mantine's default teal (2.6:1) fails WCAG AA; this shade is 5:1.
        color="teal.9"
        size="sm"
        leftSection={<IconCheck size={16} aria-hidden />}
        loading={pending === 'approve'}
        disabled={pending === 'reject'}
        onClick={onApprove}
        aria-label={`Approve ${subject}`}
      >
        APPROVE
      </Button>
      <Button
        color="red"
        variant="light"
        size="sm"
        leftSection={<IconX size={16} aria-hidden />}
        loading={pending === 'reject'}
        disabled={pending === 'approve'}
        onClick={onReject}
        aria-label={`Reject ${subject}`}
      >
        REJECT
      </Button>
    </Group>
  );
}
