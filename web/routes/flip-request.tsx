import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { FLIP_PRICE_USD, FLIP_URL_MIN } from '../../common/constants';
import type { ValidatedFlip } from '../../common/flip';
import { FLIP_URL_HINT, flipUrlLooksValid, nicknameLooksValid } from '../../common/flip-rules';
import { useCurrentUser } from '../api/auth';
import { useFeatureSwitch } from '../api/features';
import { captureFlipOrder, createFlipOrder, flipPaymentStatus, validateFlip } from '../api/flip';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { LazyTooltip } from '../components/later/LazyTooltip';
import { FeatureNotice } from '../components/requests/FeatureNotice';
import { FlipVideo } from '../components/requests/FlipVideo';
import { PaymentStep, PayPalScript } from '../components/requests/Payment';
import { NameField, VerifiedValues } from '../components/requests/RequestFields';
import { FeatureToggleButton, RequestLinkButton } from '../components/requests/RequestLinks';
import { RequestSteps } from '../components/requests/RequestSteps';
import { type Checkout, type OrderCalls, useCheckout } from '../components/requests/useCheckout';

/**
 * /request/flip (spec 2 "New Flip Request"; states of spec 4: pending → validating → validated →
 * payment-success or payment-error). Step 1 checks the video (and the nickname when logged out);
 * step 2 pays through PayPal: the server makes the order for the validated request and captures it.
 * The switch is live (api/features.ts): when an admin turns flips off, or the request queue fills
 * (QUEUE_MAX), step 1 locks and the notice shows at once, and unlocks as soon as it is on again or
 * has room; a payment already under way stays on screen and completes (capture is never refused).
 */

const FLIP_ORDERS: OrderCalls = { createOrder: createFlipOrder, captureOrder: captureFlipOrder, paymentStatus: flipPaymentStatus };

export function FlipRequestPage() {
  const status = useFeatureSwitch('flip');
  const checkout = useCheckout<ValidatedFlip>(FLIP_ORDERS);
  const flip = checkout.request;

  return (
    <PayPalScript>
      <EmphasisHeader icon="flip" text="New Flip" emphasis="Request">
        <Header enabled={status.enabled} />
      </EmphasisHeader>
      <Stack gap="lg">
        <FeatureNotice feature="flip" status={status} />
        <Text fw={600} fz="lg">
          ${FLIP_PRICE_USD} per flip request
        </Text>

        <RequestSteps>
          <Stack gap="sm" component="section" aria-labelledby="flip-step-1">
            <Title order={2} fz="h4" id="flip-step-1">
              Step 1: Verify your video
            </Title>
            <VerifyForm checkout={checkout} open={status.open} />
            {flip ? <FlipVideo flip={flip} /> : null}
          </Stack>

          <Stack gap="sm" component="section" aria-labelledby="flip-step-2">
            <Title order={2} fz="h4" id="flip-step-2">
              Step 2: Payment
            </Title>
            <PaymentStep kind="flip" {...checkout.payment} />
          </Stack>
        </RequestSteps>
      </Stack>
    </PayPalScript>
  );
}

/**
 * Step 1 (spec 5): the nickname when logged out, the link, VERIFY; fields locked unless pending and
 * `open` (flips enabled and the request queue not full), and shown as text once verified.
 */
function VerifyForm({ checkout, open }: { checkout: Checkout<ValidatedFlip>; open: boolean }) {
  const user = useCurrentUser();
  const [mediaUrl, setMediaUrl] = useState('');
  const [nickname, setNickname] = useState('');
  const [urlTouched, setUrlTouched] = useState(false);
  const anonymous = user === null;
  const editable = checkout.step === 'pending' && open;
  // Verified (and paying or paid): the values as text, readable, until New request.
  const locked = checkout.step !== 'pending' && checkout.step !== 'validating';
  const formValid = flipUrlLooksValid(mediaUrl) && (!anonymous || nicknameLooksValid(nickname)) && user !== undefined;
  const canVerify = editable && formValid && mediaUrl.trim() !== '' && (!anonymous || nickname.trim() !== '');

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canVerify) void checkout.verify(() => validateFlip(mediaUrl.trim(), anonymous ? nickname.trim() : null));
      }}
    >
      <Stack gap="sm">
        {locked ? (
          <VerifiedValues
            values={[...(anonymous ? [{ label: 'Nickname', value: nickname.trim() }] : []), { label: 'Video URL', value: mediaUrl.trim() }]}
          />
        ) : (
          <>
            {anonymous ? (
              <NameField label="Nickname" placeholder="Your nickname" value={nickname} onChange={setNickname} disabled={!editable} />
            ) : null}
            <LazyTooltip label={FLIP_URL_HINT} position="top-start">
              <TextInput
                label="Video URL"
                placeholder="Enter YouTube video URL"
                required
                minLength={FLIP_URL_MIN}
                value={mediaUrl}
                onChange={(event) => setMediaUrl(event.currentTarget.value)}
                onBlur={() => setUrlTouched(true)}
                disabled={!editable}
                // Said in words under the field once it is left, or long enough to judge.
                error={(urlTouched || mediaUrl.trim().length >= FLIP_URL_MIN) && !flipUrlLooksValid(mediaUrl) ? FLIP_URL_HINT : null}
              />
            </LazyTooltip>
          </>
        )}
        <Group gap="xs">
          <Button
            type="submit"
            disabled={!canVerify}
            loading={checkout.step === 'validating'}
            leftSection={<IconCheck size={16} aria-hidden />}
          >
            VERIFY
          </Button>
          {checkout.step !== 'pending' && checkout.step !== 'validating' ? (
            <Button variant="default" onClick={checkout.reset} leftSection={<IconRotate size={16} aria-hidden />}>
              New request
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** The queue and history buttons, and the admins' ENABLE REQUESTS / DISABLE REQUESTS toggle. */
function Header({ enabled }: { enabled: boolean | null }) {
  return (
    <Group gap="xs">
      <RequestLinkButton to="/requests/queue" />
      <RequestLinkButton to="/requests/history" />
      <FeatureToggleButton feature="flip" enabled={enabled} />
    </Group>
  );
}
