import { Menu } from '@mantine/core';
import { IconHeart, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type CurrentUser, useLogout } from '../../api/auth';
import { AccountButton } from './UserMenu';

/** The logged-in menu (spec 2): "Logged in as {display name}", Admin Console (admins), Liked and Log Out. Loaded after start-up (LateParts.tsx). */
export function AccountMenu({ user, defaultOpened }: { user: CurrentUser; defaultOpened?: boolean }) {
  const logout = useLogout();
  return (
    <Menu defaultOpened={defaultOpened} position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <AccountButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Logged in as {user.displayName}</Menu.Label>
        {user.admin ? (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            Admin Console
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/liked" leftSection={<IconHeart size={16} />}>
          Liked
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()} disabled={logout.isPending}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
