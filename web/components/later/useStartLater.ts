import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { startLater } from './later';

/**
 * Starts the late parts (later.ts) once the first screen is done: its code in, no request in flight.
 * A component of its own, rendering nothing, at the shell's root: the count of requests in flight
 * changes with every request and answer, and only this leaf renders again then, not the shell around
 * the page (issue 23: each change was a render of the whole header, in the first screen's longest task).
 * It comes after the screen in the root route, so that its effect runs after the screen's.
 */
export function StartLaterWhenSettled(): null {
  const fetching = useIsFetching();
  const routing = useRouterState({ select: (state) => state.status === 'pending' });
  const queryClient = useQueryClient();
  const router = useRouter();
  const settled = fetching === 0 && !routing;
  useEffect(() => {
    // The screen's queries start in its effects, which ran just before this one: the live state decides, not the rendered one.
    if (settled && queryClient.isFetching() === 0 && router.state.status !== 'pending') startLater();
  }, [settled, queryClient, router]);
  return null;
}
