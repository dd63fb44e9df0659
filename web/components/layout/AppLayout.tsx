import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLater } from '../later/later';
import { RadioDock } from '../radio/RadioDock';
import classes from './AppLayout.module.css';
import { Brand } from './Brand';
import { ChannelButtons } from './ChannelButtons';
import { DesktopMenu } from './DesktopMenu';
import { lateParts } from './late-parts';
import { HeaderSearch, SearchButton } from './SearchButton';
import { UserMenu } from './UserMenu';

/** Below the fold on every page (the main is full height): out of the first download, with its social icons (issue 23, home JS ≤ 150 kB). */
const SiteFooter = lazy(() => import('./SiteFooter').then((module) => ({ default: module.SiteFooter })));

/**
 * The shell: a header with the menu tree (a burger drawer below the lg breakpoint, 1200 px, where
 * the full bar no longer fits), the page, and the footer. The search box sits in the bar from 1024 px
 * (spec 2, issue 24 item 7; it narrows to fit beside the menu bar, AppLayout.module.css); below that a search
 * button opens the same box in a dialog. The account slot keeps one width logged in or out (issue 24
 * item 8), so nothing in the header moves when the visitor logs in. Below the footer, the radio's
 * dock: its engine and mini-player, once the radio has been opened. The drawer's menu, the dropdowns,
 * the search box, the tooltips and the shell's extras (the offline notice, the keyboard shortcuts, the
 * service worker) load after start-up (late-parts.ts). The frame is a CSS module, not
 * Mantine's AppShell (see AppLayout.module.css).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const parts = useLater(lateParts);
  return (
    <>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <header className={`${classes.header} right-scroll-bar-position`}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
            <Brand onNavigate={close} />
          </Group>
          <Group visibleFrom="lg" gap={0} wrap="nowrap" className={classes.menu}>
            <DesktopMenu />
          </Group>
          <Group gap="xs" wrap="nowrap" className={classes.tools}>
            <div className={classes.wideSearch}>
              <HeaderSearch />
            </div>
            <div className={classes.narrowSearch}>
              <SearchButton />
            </div>
            <ChannelButtons />
            <UserMenu className={classes.account} />
          </Group>
        </Group>
      </header>

      <Box component="nav" className={classes.navbar} hiddenFrom="lg" mod={{ opened }}>
        {parts ? <parts.MobileMenu onNavigate={close} /> : null}
      </Box>

      {/* A full-height main (AppLayout.module.css) keeps the footer below the fold, so it does not jump down when lists arrive (CLS). */}
      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl" px={{ base: 'sm', sm: 'md', lg: 'xl' }} pt="lg" pb="md">
          {children}
        </Container>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      {parts ? <parts.ShellExtras /> : null}
      {/* The radio, once opened, plays on whatever page is shown (its mini-player sits here). */}
      <RadioDock />
    </>
  );
}
