import {
  type Icon,
  IconBrandDiscord,
  IconBrandInstagram,
  IconBrandSoundcloud,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandTwitch,
  IconBrandX,
  IconBrandYoutube,
  IconCoin,
  IconExternalLink,
} from '@tabler/icons-react';

/** Icons for the `kind` of the configured links (server/site/routes.ts). */
const ICONS: Record<string, Icon> = {
  twitch: IconBrandTwitch,
  youtube: IconBrandYoutube,
  spotify: IconBrandSpotify,
  twitter: IconBrandX,
  instagram: IconBrandInstagram,
  tiktok: IconBrandTiktok,
  soundcloud: IconBrandSoundcloud,
  discord: IconBrandDiscord,
  tips: IconCoin,
};

export function linkIcon(kind: string): Icon {
  return ICONS[kind] ?? IconExternalLink;
}
