import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconVinyl } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useConfig } from '../../api/config';

/**
 * The site's mark and name, linking home. Its name is its visible text ("Almanac", plus the tagline
 * from xl): an aria-label would have to contain that text (WCAG 2.5.3, label in name).
 */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const { siteName, streamerName } = useConfig();
  return (
    <UnstyledButton component={Link} to="/" onClick={onNavigate}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="xl" variant="gradient" gradient={{ from: 'pink', to: 'grape', deg: 135 }} aria-hidden>
          <IconVinyl size={22} stroke={1.8} />
        </ThemeIcon>
        <div>
          <Text fw={800} fz="lg" lh={1.1}>
            {siteName}
          </Text>
          <Text fz={11} c="dimmed" lh={1.1} visibleFrom="xl" style={{ whiteSpace: 'nowrap' }}>
            a fan almanac for {streamerName}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
