import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { Link } from '../../common/api';
import classes from './LinkTiles.module.css';
import { linkIcon } from './linkIcons';
import list from './plainList.module.css';

/** External links as large tiles: the provider's icon, the label and the address's host. */
export function LinkTiles({ links }: { links: Link[] }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" className={list.plainList}>
      {links.map((link) => {
        const Icon = linkIcon(link.kind);
        return (
          <li key={`${link.kind}-${link.url}`}>
            <Card component="a" href={link.url} target="_blank" rel="noopener noreferrer" className={classes.tile} h="100%">
              <Group wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Icon size={24} stroke={1.7} />
                </ThemeIcon>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} truncate>
                    {link.label}
                  </Text>
                  <Text fz="sm" c="dimmed" truncate>
                    {hostOf(link.url)}
                  </Text>
                </div>
                <IconExternalLink size={18} stroke={1.6} aria-hidden className={classes.arrow} />
              </Group>
            </Card>
          </li>
        );
      })}
    </SimpleGrid>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
