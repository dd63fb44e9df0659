import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PaymentStatusAnswer, PaymentSuccess } from '../../../common/flip';
import type { PaymentFailure } from './Payment';

/** How often a page that lost the capture's answer asks where the payment stands */
export const PAYMENT_STATUS_POLL_MS = 2000;

interface PaymentConfirmingProps {
  sid: string;
  paymentStatus: (signal?: AbortSignal) => Promise<PaymentStatusAnswer>;
  onSuccess: (ids: PaymentSuccess) => void;
  onFailure: (failure: PaymentFailure) => void;
}

/**
 * The capture's answer was lost (a 5xx, a dropped connection, an instance gone) after the buyer
 * approved: PayPal may have taken the money, so the page never says it failed nor invites a second
 * payment. It asks the server where the payment stands until it is settled (the success banner) or
 * known to have taken nothing (declined: try again) or to be over (failed, turned away).
 */
export function PaymentConfirming({ sid, paymentStatus, onSuccess, onFailure }: PaymentConfirmingProps) {
  const status = useQuery({
    queryKey: ['payment-status', sid],
    queryFn: ({ signal }) => paymentStatus(signal),
    refetchInterval: PAYMENT_STATUS_POLL_MS,
    // A server that is still away answers nothing: keep asking, quietly (no failure toast).
    retry: true,
    retryDelay: PAYMENT_STATUS_POLL_MS,
    gcTime: 0,
  });
  const answer = status.data;

  useEffect(() => {
    if (!answer || answer.state === 'confirming') return;
    if (answer.state === 'paid') {
      const { state: _state, ...ids } = answer;
      onSuccess(ids);
    } else onFailure({ message: answer.message, outcome: answer.state === 'declined' ? 'retry' : 'final' });
  }, [answer, onSuccess, onFailure]);

  return (
    <Alert color="blue" icon={<Loader size="sm" aria-hidden />} role="status" data-testid="payment-confirming">
      <Stack gap={4}>
        <Text fw={600}>Confirming your payment…</Text>
        <Text size="sm">
          The answer from our server was interrupted, but PayPal may have taken your payment. This page checks with us every few seconds and
          updates by itself: do not pay again.
        </Text>
      </Stack>
    </Alert>
  );
}
