import { useEffect } from 'react';
import { OfflineNotice } from '../../pwa/OfflineNotice';
import { KeyboardShortcuts } from '../shortcuts/KeyboardShortcuts';

/**
 * What the shell adds to every page once its late parts are in (LateParts.tsx), none of it needed for
 * a first screen (issue 25): the "You are offline" notice, the keyboard shortcuts, and the service
 * worker's registration (a chunk of its own; none under Vite's dev server, which builds no worker).
 */
export function ShellExtras() {
  useEffect(() => {
    if (import.meta.env.PROD) void import('../../pwa/register').then((module) => module.registerServiceWorker());
  }, []);
  return (
    <>
      <OfflineNotice />
      <KeyboardShortcuts />
    </>
  );
}
