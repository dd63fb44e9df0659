import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useRadio } from './store';

const RadioEngine = lazy(() => import('./RadioEngine').then((module) => ({ default: module.RadioEngine })));
const MiniPlayer = lazy(() => import('./MiniPlayer').then((module) => ({ default: module.MiniPlayer })));

/**
 * The radio's place in the app shell: nothing until the radio is opened, then the engine (which
 * plays, whatever page is shown) and, away from /radio, the mini-player. Both are lazy chunks, so
 * the first bundle carries only this file and the store.
 */
export function RadioDock() {
  const tuned = useRadio((state) => state.tuned);
  const onRadioPage = useRouterState({ select: (state) => state.location.pathname === '/radio' });
  if (!tuned) return null;
  return (
    <Suspense fallback={null}>
      <RadioEngine />
      {onRadioPage ? null : <MiniPlayer />}
    </Suspense>
  );
}
