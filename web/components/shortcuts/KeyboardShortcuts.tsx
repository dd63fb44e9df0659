import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { dialogOpen, focusSearch, toggleRadio } from './shortcuts';

const ShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((module) => ({ default: module.ShortcutsDialog })));

/** Keys handled by the page, not by what has the focus */
const IGNORE_KEYS_IN = ['INPUT', 'TEXTAREA', 'SELECT'];

/**
 * The site's keyboard shortcuts (issue 25): `/` focuses the search box, Space plays or pauses the
 * radio when it is tuned, `?` lists them in a dialog. None fires while typing in a field (Mantine's
 * useHotkeys skips inputs, text areas, selects and editable content) or behind an open dialog. Part of
 * the late shell parts (LateParts.tsx); the dialog is a chunk of its own, loaded on the first `?`.
 */
export function KeyboardShortcuts() {
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  const open = () => {
    if (dialogOpen()) return;
    setAsked(true);
    setOpened(true);
  };
  useHotkeys(
    [
      ['/', () => !dialogOpen() && focusSearch()],
      // Keyboards where "/" needs Shift.
      ['shift+/', () => !dialogOpen() && focusSearch()],
      ['shift+?', open],
      // Keyboards where "?" needs no Shift.
      ['?', open],
      [
        'space',
        (event) => {
          if (!dialogOpen() && toggleRadio(event)) event.preventDefault();
        },
        // Only when the radio took it: otherwise Space scrolls the page or presses the focused button.
        { preventDefault: false },
      ],
    ],
    IGNORE_KEYS_IN,
  );
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
