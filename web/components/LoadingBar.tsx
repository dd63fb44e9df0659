import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * The global loading bar (spec 2): pink, no spinner, shown while any request is in flight,
 * a query, a mutation, or a screen's code still downloading.
 */
export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const routing = useRouterState({ select: (state) => state.status === 'pending' });
  const busy = fetching + mutating > 0 || routing;

  useEffect(() => {
    if (busy) nprogress.start();
    else nprogress.complete();
  }, [busy]);

  return <NavigationProgress color="pink" size={3} aria-label="Loading" />;
}
