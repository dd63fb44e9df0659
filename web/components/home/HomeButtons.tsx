import { Button, Group } from '@mantine/core';
import { IconDisc, IconHeart, IconMicrophone, IconRadio, IconTrendingUp } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Spec 2 "Home": the button bar. */
export function HomeButtons() {
  return (
    <Group gap="xs" mb="xl" component="nav" aria-label="Shortcuts">
      <Button component={Link} to="/socials" variant="light" size="compact-md" leftSection={<IconHeart size={18} />}>
        Socials
      </Button>
      <Button component={Link} to="/top" variant="light" size="compact-md" leftSection={<IconTrendingUp size={18} />}>
        Top Songs
      </Button>
      <Button component={Link} to="/playlists/albums" variant="light" size="compact-md" leftSection={<IconDisc size={18} />}>
        Albums
      </Button>
      <Button component={Link} to="/radio" variant="light" size="compact-md" leftSection={<IconRadio size={18} />}>
        Radio
      </Button>
      <Button component={Link} to="/request/sample" size="compact-md" leftSection={<IconMicrophone size={18} />}>
        Sample Request
      </Button>
    </Group>
  );
}
