/** What the keyboard shortcuts do (issue 25): KeyboardShortcuts.tsx binds them, ShortcutsDialog.tsx lists them. */
import { radio } from '../radio/store';

/** Elements where Space already means something (press a button, follow a link, move a slider): left to them. */
const SPACE_TAKERS =
  'button, a[href], summary, [role="button"], [role="link"], [role="slider"], [role="checkbox"], [role="switch"], [role="radio"], [role="menuitem"], [role="option"], [role="tab"]';

/** A modal dialog is open (search, a form, the shortcuts list): the page behind it takes no shortcut. */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

const shown = (element: Element) => element.getClientRects().length > 0;

/**
 * "/": the header's search box from 1024 px, else the search button that opens the search dialog
 * (components/layout/SearchButton.tsx, where one of the two is hidden by CSS).
 */
export function focusSearch(): void {
  const box = [...document.querySelectorAll<HTMLInputElement>('header [role="search"] input')].find(shown);
  if (box) {
    box.focus();
    return;
  }
  const button = [...document.querySelectorAll<HTMLButtonElement>('header button[aria-haspopup="dialog"][aria-label="Search"]')].find(
    shown,
  );
  button?.click();
}

/**
 * Space: play or pause the radio once it is tuned and has a track, as its play button would ("Click to
 * listen" too: a key press lets the browser start sound). Returns whether it did, so the key's own
 * effect (scrolling the page) is kept otherwise.
 */
export function toggleRadio(event: KeyboardEvent): boolean {
  const { tuned, current, playback } = radio.get();
  if (!tuned || current === null) return false;
  if (event.target instanceof Element && event.target.closest(SPACE_TAKERS)) return false;
  if (playback === 'playing' || playback === 'loading') radio.pause();
  else radio.play();
  return true;
}
