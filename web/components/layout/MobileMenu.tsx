import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { isActivePath, isGroup, NAV_MENU, type NavGroup, type NavLeaf } from '../../lib/navigation';

/** The same menu tree in the burger drawer (narrow screens); the header's search button searches. */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap="xs" p="md">
        <nav aria-label="Main">
          {NAV_MENU.map((entry) =>
            isGroup(entry) ? (
              <MobileGroup key={entry.label} group={entry} pathname={pathname} onNavigate={onNavigate} />
            ) : (
              <MobileLink key={entry.to} link={entry} pathname={pathname} onNavigate={onNavigate} />
            ),
          )}
        </nav>
      </Stack>
    </ScrollArea>
  );
}

/** A group that expands in place: a real button with aria-expanded, open when one of its pages is shown. */
function MobileGroup({ group, pathname, onNavigate }: { group: NavGroup; pathname: string; onNavigate: () => void }) {
  const [opened, setOpened] = useState(() => group.children.some((child) => isActivePath(child.to, pathname)));
  return (
    <NavLink component="button" label={group.label} opened={opened} onChange={setOpened} aria-expanded={opened} childrenOffset="md">
      {group.children.map((child) => (
        <MobileLink key={child.to} link={child} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

/** A page of the menu, at the top level or in a group; following it closes the drawer. */
function MobileLink({ link, pathname, onNavigate }: { link: NavLeaf; pathname: string; onNavigate: () => void }) {
  return <NavLink component={Link} to={link.to} label={link.label} active={isActivePath(link.to, pathname)} onClick={onNavigate} />;
}
