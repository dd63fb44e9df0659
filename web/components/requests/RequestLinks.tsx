import { Button } from '@mantine/core';
import { IconHistory, IconListNumbers, IconMicrophone, IconVideo } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../api/auth';
import { type RequestFeature, useToggleFeature } from '../../api/features';

/** The request screens link to each other (spec 2): one label and icon per destination; and the features' admin toggle. */
const DESTINATIONS = {
  '/request/sample': { label: 'New Sample Request', Icon: IconMicrophone },
  '/request/flip': { label: 'New Flip Request', Icon: IconVideo },
  '/requests/queue': { label: 'Request Queue', Icon: IconListNumbers },
  '/requests/history': { label: 'Request History', Icon: IconHistory },
} as const;

export type RequestDestination = keyof typeof DESTINATIONS;

/** A light button that opens another request screen. */
export function RequestLinkButton({ to }: { to: RequestDestination }) {
  const { label, Icon } = DESTINATIONS[to];
  return (
    <Button renderRoot={(props) => <Link {...props} to={to} />} variant="light" leftSection={<Icon size={16} aria-hidden />}>
      {label}
    </Button>
  );
}

/**
 * The admins' ENABLE REQUESTS / DISABLE REQUESTS button of a request feature (spec 4 "Request
 * features"). `enabled` null: the state is not known (loading, or the read failed), and a toggle
 * would flip it blind, so there is no button.
 */
export function FeatureToggleButton({ feature, enabled }: { feature: RequestFeature; enabled: boolean | null }) {
  const admin = useCurrentUser()?.admin === true;
  const toggle = useToggleFeature(feature);
  if (!admin || enabled === null) return null;
  return (
    <Button color={enabled ? 'red' : 'teal'} variant="outline" loading={toggle.isPending} onClick={() => toggle.mutate()}>
      {enabled ? 'DISABLE REQUESTS' : 'ENABLE REQUESTS'}
    </Button>
  );
}
