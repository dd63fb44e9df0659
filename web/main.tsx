import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { TOAST } from '../common/constants';
import { queryClient } from './api/query-client';
import { router } from './router';
import { theme } from './theme';

/** Mantine's default "dimmed" grey and error red are under 4.5:1 contrast; these shades keep small text readable. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-5)' },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition lets React render the first page in short slices instead of one long task, so the
// page answers input while it starts (Lighthouse's total blocking time on a phone).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        {/* Spec 9 toasts: top right, 5 s, 300 ms animation, no limit on open toasts; hovering one pauses only it (newest on top: notify.tsx). */}
        <Notifications
          position="top-right"
          autoClose={TOAST.displayMs}
          transitionDuration={TOAST.animationMs}
          limit={1000}
          zIndex={1000}
          pauseResetOnHover="notification"
        />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
