import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { useLater } from './components/later/later';
import { lateParts } from './components/layout/late-parts';
import { router } from './router';
import { theme } from './theme';
import { toastsRaised } from './toasts/notify';

/** Mantine's default "dimmed" grey and error red are under 4.5:1 contrast; these shades keep small text readable. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-5)' },
});

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

// A transition lets React render the first page in short slices instead of one long task, so the
// page answers input while it starts (Lighthouse's total blocking time on a phone).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        <LateToasts />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
