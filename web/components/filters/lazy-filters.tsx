import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * The filter bars load at their first opening: their selects (Mantine's Combobox, the tag select)
 * stay out of the first download of the lists, the clips and search (issue 23). A small loader
 * shows meanwhile.
 */
function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Panel = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPanel(props: P) {
    return (
      <Suspense
        fallback={
          <Center py="md">
            <Loader size="sm" aria-label="Loading the filters" />
          </Center>
        }
      >
        <Panel {...props} />
      </Suspense>
    );
  };
}

export const LazyFilterBar = lazyPanel(() => import('./FilterBar').then((module) => module.FilterBar));
export const LazyClipFilter = lazyPanel(() => import('./ClipFilter').then((module) => module.ClipFilter));
