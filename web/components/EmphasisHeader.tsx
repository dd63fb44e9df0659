import { Group, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import {
  IconArrowsShuffle,
  IconBroadcast,
  IconCalendarEvent,
  IconChartBar,
  IconClock,
  IconDisc,
  IconHammer,
  IconHeadphones,
  IconHeart,
  IconHistory,
  IconLink,
  IconListNumbers,
  IconMicrophone,
  IconMovie,
  IconMusic,
  IconPlaylist,
  IconRadio,
  IconRefresh,
  IconSearch,
  IconTag,
  IconThumbUp,
  IconTrendingUp,
  IconTrophy,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The fixed icon set of spec 2 ("Emphasis headers use an icon from a fixed set"). */
const ICONS = {
  latest: IconClock,
  top: IconTrendingUp,
  song: IconMusic,
  stream: IconBroadcast,
  clip: IconMovie,
  trophy: IconTrophy,
  stats: IconChartBar,
  search: IconSearch,
  random: IconArrowsShuffle,
  like: IconThumbUp,
  headphones: IconHeadphones,
  calendar: IconCalendarEvent,
  playlist: IconPlaylist,
  tag: IconTag,
  heart: IconHeart,
  links: IconLink,
  microphone: IconMicrophone,
  radio: IconRadio,
  hammer: IconHammer,
  community: IconUsersGroup,
  flip: IconRefresh,
  queue: IconListNumbers,
  history: IconHistory,
  disc: IconDisc,
} as const;

export type EmphasisIcon = keyof typeof ICONS;

interface EmphasisHeaderProps {
  icon: EmphasisIcon;
  /** First text, e.g. "Latest" */
  text: string;
  /** Optional second text shown emphasised in the accent colour, e.g. "Songs" */
  emphasis?: string;
  /** Heading level: 1 for the page header, 2 for sections */
  order?: TitleOrder;
  /** Controls on the right (filter toggle, buttons) */
  children?: ReactNode;
  /** Space under the header; 0 when a short line sits beside it (an empty detail section) */
  mb?: 0 | 'md';
}

export function EmphasisHeader({ icon, text, emphasis, order = 1, children, mb = 'md' }: EmphasisHeaderProps) {
  const Icon = ICONS[icon];
  const big = order === 1;
  return (
    // The page's title row is where its actions are (ENABLE, NEXT REQUEST, the filter toggle): toasts start below it (toasts/toasts-top.ts).
    <Group justify="space-between" align="center" gap="sm" mb={mb} wrap="wrap" data-page-title-row={big || undefined}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={big ? 42 : 34} radius="md" aria-hidden>
          <Icon size={big ? 24 : 20} stroke={1.8} />
        </ThemeIcon>
        <Title order={order} fz={big ? { base: 24, sm: 30 } : { base: 19, sm: 22 }} lh={1.2}>
          {text}
          {emphasis ? (
            <>
              {' '}
              <Text span inherit c="var(--mantine-primary-color-filled)">
                {emphasis}
              </Text>
            </>
          ) : null}
        </Title>
      </Group>
      {children ? <Group gap="xs">{children}</Group> : null}
    </Group>
  );
}
