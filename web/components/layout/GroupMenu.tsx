import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isActivePath, type NavGroup } from '../../lib/navigation';
import { GroupButton } from './DesktopMenu';

/** A group of the desktop menu bar: its button and, on hover or click, its pages (loaded after start-up: LateParts.tsx). */
export function GroupMenu({ group, pathname, defaultOpened }: { group: NavGroup; pathname: string; defaultOpened?: boolean }) {
  return (
    <Menu
      defaultOpened={defaultOpened}
      trigger="click-hover"
      openDelay={60}
      closeDelay={150}
      position="bottom-start"
      shadow="md"
      width={190}
    >
      <Menu.Target>
        <GroupButton group={group} pathname={pathname} />
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
