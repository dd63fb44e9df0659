import { Button, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { type ComponentProps, useState } from 'react';
import { isActivePath, isGroup, NAV_MENU, type NavGroup, type NavLeaf } from '../../lib/navigation';
import { useLater } from '../later/later';
import { lateParts } from './late-parts';

/**
 * The menu tree as a horizontal bar of buttons and dropdowns (wide screens). The buttons' side padding
 * is --menu-button-px (8 px; less from lg to xl, where the bar shares the header with the search box:
 * AppLayout.module.css).
 */
export function DesktopMenu() {
  const pathname = useLocation({ select: (location) => location.pathname });
  // The dropdowns (Mantine's Menu) load after start-up; until then a group is its button alone.
  const parts = useLater(lateParts);
  // A group clicked before its dropdown arrived opens when it does.
  const [clicked, setClicked] = useState<string>();
  return (
    <Group component="nav" aria-label="Main" gap={2} wrap="nowrap">
      {NAV_MENU.map((entry) => {
        if (!isGroup(entry)) return <LeafButton key={entry.to} leaf={entry} pathname={pathname} />;
        return parts ? (
          <parts.GroupMenu key={entry.label} group={entry} pathname={pathname} defaultOpened={clicked === entry.label} />
        ) : (
          <GroupButton
            key={entry.label}
            group={entry}
            pathname={pathname}
            onClick={() => {
              setClicked(entry.label);
              void lateParts.load();
            }}
          />
        );
      })}
    </Group>
  );
}

function LeafButton({ leaf, pathname }: { leaf: NavLeaf; pathname: string }) {
  const active = isActivePath(leaf.to, pathname);
  return (
    <Button
      component={Link}
      to={leaf.to}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      size="compact-sm"
      px="var(--menu-button-px, 8px)"
      fz="sm"
      aria-current={active ? 'page' : undefined}
    >
      {leaf.label}
    </Button>
  );
}

/**
 * A group's button, which opens its dropdown (GroupMenu.tsx); active when one of its pages is shown.
 * Menu.Target gives it a ref, handlers and ARIA attributes: they pass through to the button.
 */
export function GroupButton({ group, pathname, ...target }: { group: NavGroup; pathname: string } & ComponentProps<'button'>) {
  const active = group.children.some((child) => isActivePath(child.to, pathname));
  return (
    <Button
      {...target}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      size="compact-sm"
      px="var(--menu-button-px, 8px)"
      fz="sm"
      rightSection={<IconChevronDown size={13} stroke={2} />}
    >
      {group.label}
    </Button>
  );
}
