import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { startLater } from './later';

/** Starts the late parts (later.ts) once the first screen is done: its code in, no request in flight. */
export function useStartLaterWhenSettled(): void {
  const fetching = useIsFetching();
  const routing = useRouterState({ select: (state) => state.status === 'pending' });
  const queryClient = useQueryClient();
  const router = useRouter();
  const settled = fetching === 0 && !routing;
  useEffect(() => {
    // The screen's queries start in its own effects, which ran just before this one: the live state decides, not the rendered one.
    if (settled && queryClient.isFetching() === 0 && router.state.status !== 'pending') startLater();
  }, [settled, queryClient, router]);
}
