import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconHourglass, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { QUEUE_FULL_MESSAGE } from '../../../common/request-limits';
import { FEATURE_READ_FAILURE, type FeatureSwitch, type RequestFeature } from '../../api/features';

/** The not-enabled notices of spec 2, word for word. */
const NOT_ENABLED: Record<RequestFeature, string> = {
  flip: 'Flip requests are not currently enabled. Check back again during the next livestream!',
  recording: 'Sample requests are not currently enabled. Check back again during the next livestream!',
};

/**
 * What a request page says about its switch: the spec's notice when an admin turned it off; while
 * the queue is full, that it is (issue 19's text, what VERIFY would answer); or, when it could not be
 * read, that it could not (with a retry) — never the notice on a guess.
 */
export function FeatureNotice({ feature, status }: { feature: RequestFeature; status: FeatureSwitch }) {
  if (status.state === 'disabled') {
    return (
      <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
        {NOT_ENABLED[feature]}
      </Alert>
    );
  }
  if (status.state === 'full') {
    // A status region: it comes and goes while the fan is on the page.
    return (
      <Alert color="orange" icon={<IconHourglass aria-hidden />} role="status" data-testid="queue-full">
        {QUEUE_FULL_MESSAGE}
      </Alert>
    );
  }
  if (status.state !== 'unknown') return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="feature-read-error">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{FEATURE_READ_FAILURE}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={status.retry}
          loading={status.retrying}
          leftSection={<IconRefresh size={14} aria-hidden />}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
