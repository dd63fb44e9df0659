import { ActionIcon, Button, UnstyledButton } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ComponentProps, useState } from 'react';
import { type CurrentUser, useCurrentUser } from '../../api/auth';
import { useConfig } from '../../api/config';
import { initials } from '../../lib/initials';
import { useLater } from '../later/later';
import { lateParts } from './late-parts';
import classes from './UserMenu.module.css';

/**
 * Spec 2: a login button when auth is enabled and nobody is logged in; otherwise the logged-in
 * menu (AccountMenu.tsx, loaded after start-up: until then its button alone). With auth on, all of
 * them sit in one slot (`className`: AppLayout.module.css gives it Login's width, so logging in moves
 * nothing in the header, issue 24 item 8).
 */
export function UserMenu({ className }: { className?: string }) {
  const { authEnabled } = useConfig();
  if (!authEnabled) return null;
  return (
    <div className={className}>
      <UserSlot />
    </div>
  );
}

function UserSlot() {
  const user = useCurrentUser();
  const parts = useLater(lateParts);
  // Clicked before the menu arrived: it opens when it does.
  const [clicked, setClicked] = useState(false);

  if (user === undefined) return null;
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
  if (parts) return <parts.AccountMenu user={user} defaultOpened={clicked} />;
  return (
    <AccountButton
      user={user}
      onClick={() => {
        setClicked(true);
        void lateParts.load();
      }}
    />
  );
}

/**
 * The account menu's button: the user's initials ("demo_viewer" → "DV": lib/initials.ts), drawn as Mantine's Avatar (pink, light, radius xl,
 * 34 px) in UserMenu.module.css, 1.2 kB gzip lighter for the home budget. Menu.Target's ref, handlers
 * and ARIA attributes pass through.
 */
export function AccountButton({ user, ...target }: { user: CurrentUser } & ComponentProps<'button'>) {
  return (
    <UnstyledButton {...target} aria-label={`Account menu for ${user.displayName}`}>
      {/* The initials are drawn by CSS: they picture the name the label says (axe's label-content-name-mismatch). */}
      <span className={classes.avatar} data-initials={initials(user.displayName)} aria-hidden />
    </UnstyledButton>
  );
}
