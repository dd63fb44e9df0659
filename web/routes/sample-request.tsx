import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMicrophone, IconMicrophoneOff, IconPlayerStop, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { SAMPLE_BLOCK_PRICE_USD, SAMPLE_BLOCK_SECONDS } from '../../common/constants';
import { nicknameLooksValid } from '../../common/flip-rules';
import { samplePriceUsd } from '../../common/pricing';
import type { SampleValidation } from '../../common/sample';
import { useCurrentUser } from '../api/auth';
import { useFeatureSwitch } from '../api/features';
import { captureSampleOrder, createSampleOrder, samplePaymentStatus, validateSample } from '../api/sample';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { FeatureNotice } from '../components/requests/FeatureNotice';
import { PaymentStep, PayPalScript } from '../components/requests/Payment';
import { NameField, VerifiedValues } from '../components/requests/RequestFields';
import { FeatureToggleButton, RequestLinkButton } from '../components/requests/RequestLinks';
import { RequestSteps } from '../components/requests/RequestSteps';
import { type Checkout, type OrderCalls, useCheckout } from '../components/requests/useCheckout';
import { type Recording, useRecorder } from '../lib/recorder';

/**
 * /request/sample (spec 2 "New Sample Request"; spec 4 "Sample recording": pending → recording →
 * recorded → validated → payment-success or payment-error, or unsupported without a microphone).
 * The server measures and prices the recording; the price shown before is the page's own estimate.
 * The switch is live (api/features.ts): turned off, or with the request queue full (QUEUE_MAX),
 * Record and VERIFY lock and the notice shows at once; a recording under way can still be stopped,
 * and a payment under way completes.
 */

const SAMPLE_ORDERS: OrderCalls = { createOrder: createSampleOrder, captureOrder: captureSampleOrder, paymentStatus: samplePaymentStatus };
const NO_DEVICE = "Unfortunately you don't currently have any audio recording devices connected";

export function SampleRequestPage() {
  const status = useFeatureSwitch('recording');
  const recorder = useRecorder();
  const checkout = useCheckout<SampleValidation>(SAMPLE_ORDERS);
  const sample = checkout.request;
  const startOver = () => {
    recorder.reset();
    checkout.reset();
  };

  return (
    <PayPalScript>
      <EmphasisHeader icon="microphone" text="New Sample" emphasis="Request">
        <Header enabled={status.enabled} />
      </EmphasisHeader>
      <Stack gap="lg">
        <FeatureNotice feature="recording" status={status} />
        <Text fw={600} fz="lg">
          ${SAMPLE_BLOCK_PRICE_USD} for up to {SAMPLE_BLOCK_SECONDS} seconds, plus ${SAMPLE_BLOCK_PRICE_USD} for each further{' '}
          {SAMPLE_BLOCK_SECONDS} seconds started
        </Text>
        <RequestSteps>
          {recorder.status === 'unsupported' ? (
            <Alert color="orange" icon={<IconMicrophoneOff aria-hidden />} role="alert">
              {NO_DEVICE}
            </Alert>
          ) : (
            <Stack gap="sm" component="section" aria-labelledby="sample-step-1">
              <Title order={2} fz="h4" id="sample-step-1">
                Step 1: Record your sample
              </Title>
              <RecordStep recorder={recorder} open={status.open} checkout={checkout} onStartOver={startOver} />
            </Stack>
          )}
          <Stack gap="sm" component="section" aria-labelledby="sample-step-2">
            <Title order={2} fz="h4" id="sample-step-2">
              Step 2: Payment
            </Title>
            {sample ? (
              <Text>
                Verified: {sample.duration.toFixed(1)} seconds, <strong>${sample.amount}</strong>
              </Text>
            ) : null}
            <PaymentStep kind="sample" {...checkout.payment} />
          </Stack>
        </RequestSteps>
      </Stack>
    </PayPalScript>
  );
}

interface RecordStepProps {
  recorder: ReturnType<typeof useRecorder>;
  /** Samples are enabled and the request queue is not full */
  open: boolean;
  checkout: Checkout<SampleValidation>;
  onStartOver: () => void;
}

/** Record, Stop, playback, the username when logged out, VERIFY: each enabled only as spec 5 says. */
function RecordStep({ recorder, open, checkout, onStartOver }: RecordStepProps) {
  const user = useCurrentUser();
  const [username, setUsername] = useState('');
  const anonymous = user === null;
  const { status, recording } = recorder;
  const busy = status === 'lead-in' || status === 'recording';
  const pending = checkout.step === 'pending';
  // Verified (and paying or paid): the name as text, readable, until New recording.
  const locked = !pending && checkout.step !== 'validating';
  const canRecord = open && pending && (status === 'idle' || status === 'recorded');
  // A recording under way when requests are turned off (or the queue fills) can still be stopped.
  const canStop = busy;
  const canVerify = open && pending && status === 'recorded' && user !== undefined && (!anonymous || nicknameLooksValid(username));

  const verify = (recorded: Recording) => checkout.verify(() => validateSample(recorded.blob, anonymous ? username.trim() : null));

  return (
    <Stack gap="sm">
      {anonymous && locked ? <VerifiedValues values={[{ label: 'Username', value: username.trim() }]} /> : null}
      {anonymous && !locked ? (
        <NameField label="Username" placeholder="Your username" value={username} onChange={setUsername} disabled={!pending} />
      ) : null}
      <Group gap="md" align="center">
        <Button onClick={() => void recorder.start()} disabled={!canRecord} leftSection={<IconMicrophone size={16} aria-hidden />}>
          Record
        </Button>
        <Button onClick={recorder.stop} disabled={!canStop} color="red" leftSection={<IconPlayerStop size={16} aria-hidden />}>
          Stop
        </Button>
        <Timer elapsed={recorder.elapsed} status={status} />
      </Group>
      {recording ? (
        // biome-ignore lint/a11y/useMediaCaption: a voice recording the visitor just made has no captions
        <audio controls src={recording.url} aria-label="Your recording" data-testid="sample-playback" />
      ) : null}
      <Group gap="xs">
        <Button
          onClick={() => recording && void verify(recording)}
          disabled={!canVerify}
          loading={checkout.step === 'validating'}
          leftSection={<IconCheck size={16} aria-hidden />}
        >
          VERIFY
        </Button>
        {!pending && checkout.step !== 'validating' ? (
          <Button variant="default" onClick={onStartOver} leftSection={<IconRotate size={16} aria-hidden />}>
            New recording
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The lead-in counts up from -2.0; the price follows the seconds recorded (spec 9). */
function Timer({ elapsed, status }: { elapsed: number; status: string }) {
  const shown = status === 'idle' || status === 'checking' ? null : elapsed;
  return (
    <Text ff="monospace" fz="lg" aria-live="off" data-testid="sample-timer">
      {shown === null ? '0.0 s' : `${shown.toFixed(1)} s`}
      {shown !== null && shown >= 0 ? <span data-testid="sample-price"> · ${samplePriceUsd(shown)}</span> : null}
    </Text>
  );
}

/** The history button, and the admins' ENABLE REQUESTS / DISABLE REQUESTS toggle. */
function Header({ enabled }: { enabled: boolean | null }) {
  return (
    <Group gap="xs">
      <RequestLinkButton to="/requests/history" />
      <FeatureToggleButton feature="recording" enabled={enabled} />
    </Group>
  );
}
