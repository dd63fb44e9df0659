import { AppShell, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { RadioDock } from '../radio/RadioDock';
import classes from './AppLayout.module.css';
import { Brand } from './Brand';
import { ChannelButtons } from './ChannelButtons';
import { DesktopMenu } from './DesktopMenu';
import { MobileMenu } from './MobileMenu';
import { NavSearch, SearchButton } from './NavSearch';
import { SiteFooter } from './SiteFooter';
import { UserMenu } from './UserMenu';

/**
 * The shell: a header with the menu tree (a burger drawer below the lg breakpoint, 1200 px, where
 * the full bar no longer fits), the page, and the footer. The search box sits in the bar from xl
 * (1408 px); below xl a search button opens the same box in a dialog. Below the footer, the radio's
 * dock: its engine and mini-player, once the radio has been opened.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 300, breakpoint: 'lg', collapsed: { mobile: !opened, desktop: true } }} padding={0}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
            <Brand onNavigate={close} />
          </Group>
          <Group visibleFrom="lg" gap={0} wrap="nowrap">
            <DesktopMenu />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group visibleFrom="xl">
              <NavSearch />
            </Group>
            <Group hiddenFrom="xl">
              <SearchButton />
            </Group>
            <ChannelButtons />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar hiddenFrom="lg">
        <MobileMenu onNavigate={close} />
      </AppShell.Navbar>

      {/* A full-height main keeps the footer below the fold, so it does not jump down when lists arrive (CLS). */}
      <AppShell.Main id="main" tabIndex={-1} mih="100dvh">
        <Container size="xl" px={{ base: 'sm', sm: 'md', lg: 'xl' }} pt="lg" pb="md">
          {children}
        </Container>
      </AppShell.Main>
      <SiteFooter />
      {/* The radio, once opened, plays on whatever page is shown (its mini-player sits here). */}
      <RadioDock />
    </AppShell>
  );
}
