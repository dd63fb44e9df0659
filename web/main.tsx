import './mantine.css';
import './theme.gen.css';
import './global.css';
import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, trimPathRight } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { useLater } from './components/later/later';
import { lateParts } from './components/layout/late-parts';
import { router } from './router';
import { theme } from './theme';
import { toastsRaised } from './toasts/notify';

/**
 * Light or dark follows the system; the site has no switch. Mantine's default manager reads the
 * visitor's choice from localStorage at every start: a synchronous read, which on a first visit (the
 * browser opening the site's storage) took ~27 ms of the first render in a trace on this project's
 * test host, for a choice no one can make (issue 23).
 */
const systemColorScheme: MantineColorSchemeManager = {
  get: (fallback) => fallback,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/** The toasts' host (toasts/Toasts.tsx) loads after start-up, or with the first toast (which waits in Mantine's store). */
function LateToasts() {
  const parts = useLater(lateParts);
  const raised = useSyncExternalStore(toastsRaised.subscribe, toastsRaised.get);
  useEffect(() => {
    if (raised) void lateParts.load();
  }, [raised]);
  return parts ? <parts.Toasts /> : null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The first page's load, at the URL as the router writes it (a route's search defaults, /latest's
 * provider), as the router's own first mount would do it (its Transitioner): the page's lists are kept
 * by that history entry, which a Back to them finds again (e2e/navigation.test.ts).
 */
function loadFirstPage(): Promise<void> {
  const location = router.latestLocation;
  const written = router.buildLocation({
    to: location.pathname,
    search: true,
    params: true,
    hash: true,
    state: true,
    _includeValidateSearch: true,
  });
  if (trimPathRight(location.publicHref) === trimPathRight(written.publicHref)) return router.load();
  // With no one listening to history yet, the router loads the page it writes.
  return router.commitLocation({ ...written, replace: true, ignoreBlocker: true });
}

/**
 * The longest the first render waits for the router's first load: on a slow link a lazy screen can
 * take seconds, and the shell's header (its menu, search and login) should not.
 */
const FIRST_LOAD_WAIT_MS = 2000;

// The router loads the first page (its guards, data and lazy screen) before React renders anything:
// then the whole first render is one transition, which React builds in short slices, so the page
// answers input while it starts (issue 23: Lighthouse's total blocking time on a phone). Rendered
// before, the router's load finished as a store update, which React renders at once: one task of
// about a second on a phone. Until then index.html's first paint shows.
// In a task of its own, after the entry's evaluation: the load matches the route, appends the <link>s
// of its screen's chunks and starts its reads: about a third of what was one long task (traces of
// /media/{id}). Two tasks block less than one (issue 23: Lighthouse counts each task's time past 50 ms).
const firstLoad = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(loadFirstPage).catch(() => undefined);
// The router follows back and forward from when it is mounted (its Transitioner); one taken before
// that, while the first page renders, is followed here.
const stopEarlyHistory = router.history.subscribe(() => void router.load().catch(() => undefined));

/** Hands history over to the mounted router: in the same commit as its own listener, so no step falls between. */
function HistoryHandedOver() {
  useLayoutEffect(stopEarlyHistory, []);
  return null;
}

void Promise.race([firstLoad, new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS))]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        {/* The theme's CSS variables and helper classes are in theme.gen.css (scripts/theme-css.ts), not computed at each start. */}
        <MantineProvider
          theme={theme}
          defaultColorScheme="auto"
          colorSchemeManager={systemColorScheme}
          withCssVariables={false}
          withGlobalClasses={false}
        >
          <LateToasts />
          <HistoryHandedOver />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  ),
);
