import { ActionIcon, Avatar, Button, Menu, UnstyledButton } from '@mantine/core';
import { IconHeart, IconLogin, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser, useLogout } from '../../api/auth';
import { useConfig } from '../../api/config';

/**
 * Spec 2: a login button when auth is enabled and nobody is logged in; otherwise the logged-in
 * menu "Logged in as {display name}", Admin Console (admins), Liked and Log Out.
 */
export function UserMenu() {
  const { authEnabled } = useConfig();
  const user = useCurrentUser();
  const logout = useLogout();

  if (!authEnabled || user === undefined) return null;
  if (user === null) {
    return (
      <>
        <Button component={Link} to="/login" variant="light" leftSection={<IconLogin size={16} />} size="sm" visibleFrom="sm">
          Login
        </Button>
        <ActionIcon component={Link} to="/login" variant="light" size="lg" aria-label="Login" hiddenFrom="sm">
          <IconLogin size={18} />
        </ActionIcon>
      </>
    );
  }
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.displayName}`}>
          <Avatar color="pink" radius="xl" size={34}>
            {user.displayName.slice(0, 2).toUpperCase()}
          </Avatar>
        </UnstyledButton>
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
