import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { isActivePath, isGroup, NAV_MENU, type NavGroup, type NavLeaf } from '../../lib/navigation';

/** The menu tree as a horizontal bar of buttons and dropdowns (wide screens). */
export function DesktopMenu() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Group component="nav" aria-label="Main" gap={2} wrap="nowrap">
      {NAV_MENU.map((entry) =>
        isGroup(entry) ? (
          <GroupMenu key={entry.label} group={entry} pathname={pathname} />
        ) : (
          <LeafButton key={entry.to} leaf={entry} pathname={pathname} />
        ),
      )}
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
      px={8}
      fz="sm"
      aria-current={active ? 'page' : undefined}
    >
      {leaf.label}
    </Button>
  );
}

function GroupMenu({ group, pathname }: { group: NavGroup; pathname: string }) {
  const active = group.children.some((child) => isActivePath(child.to, pathname));
  return (
    <Menu trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" shadow="md" width={190}>
      <Menu.Target>
        <Button
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          size="compact-sm"
          px={8}
          fz="sm"
          rightSection={<IconChevronDown size={13} stroke={2} />}
        >
          {group.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {group.children.map((child) => (
          <Menu.Item
            key={child.to}
            component={Link}
            to={child.to}
            color={isActivePath(child.to, pathname) ? 'pink' : undefined}
            aria-current={isActivePath(child.to, pathname) ? 'page' : undefined}
          >
            {child.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
