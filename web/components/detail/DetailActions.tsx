import { Button } from '@mantine/core';
import { IconBrandSoundcloud, IconBrandTwitch, IconBrandYoutube, IconClockPlay, IconListDetails, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EntityKind, Provider } from '../../../common/enums';
import { useCurrentUser } from '../../api/auth';
import { DETAIL_PATHS, providerLinkLabel, watchStreamLabel } from '../../lib/detail';
import { LikeButton } from '../LikeButton';

const PROVIDER_ICONS = { youtube: IconBrandYoutube, sound_cloud: IconBrandSoundcloud, twitch: IconBrandTwitch } as const;

/** An external link that opens in a new tab, styled as a button. */
export function ExternalButton({
  href,
  icon,
  variant = 'light',
  children,
}: {
  href: string;
  icon: ReactNode;
  variant?: 'filled' | 'light';
  children: ReactNode;
}) {
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" size="sm" fullWidth variant={variant} leftSection={icon}>
      {children}
    </Button>
  );
}

/** The item at its provider: "Watch on YouTube", "Listen on SoundCloud", "Watch on Twitch", or the given label ("Watch Clip"). */
export function ProviderButton({
  item,
  label = providerLinkLabel(item.provider),
}: {
  item: { provider: Provider; linkUrl: string };
  label?: string;
}) {
  const Icon = PROVIDER_ICONS[item.provider];
  return (
    <ExternalButton href={item.linkUrl} icon={<Icon size={18} aria-hidden />} variant="filled">
      {label}
    </ExternalButton>
  );
}

/** Opens a stream at a timestamp, in a new tab: "Watch Stream at 1:02:03". */
export function WatchStreamButton({ href, seconds }: { href: string; seconds: number }) {
  return (
    <ExternalButton href={href} icon={<IconClockPlay size={18} aria-hidden />}>
      {watchStreamLabel(seconds)}
    </ExternalButton>
  );
}

interface ItemActionsProps {
  kind: EntityKind;
  item: { id: number; liked: boolean };
  /** See LikeButton */
  onLikedChange?: (liked: boolean) => void;
  /** The item's own buttons, after the shared ones (a playlist's Request Refresh) */
  children?: ReactNode;
}

/** The panel's buttons of every item: Like (logged-in users), View Details, Edit (logged-in users), then its own. */
export function ItemActions({ kind, item, onLikedChange, children }: ItemActionsProps) {
  return (
    <>
      <LikeButton kind={kind} id={item.id} liked={item.liked} onLikedChange={onLikedChange} />
      <DetailNavButtons kind={kind} id={item.id} />
      {children}
    </>
  );
}

/** View Details for everyone and Edit for logged-in users: the item's /details and /edit routes. */
function DetailNavButtons({ kind, id }: { kind: EntityKind; id: number }) {
  const user = useCurrentUser();
  const paths = DETAIL_PATHS[kind];
  return (
    <>
      <Button
        renderRoot={(props) => <Link {...props} to={paths.details} params={{ id }} />}
        size="sm"
        px="sm"
        fullWidth
        variant="default"
        leftSection={<IconListDetails size={18} aria-hidden />}
      >
        View Details
      </Button>
      {user ? (
        <Button
          renderRoot={(props) => <Link {...props} to={paths.edit} params={{ id }} />}
          size="sm"
          px="sm"
          fullWidth
          variant="default"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          Edit
        </Button>
      ) : null}
    </>
  );
}
