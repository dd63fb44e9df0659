import type { ReactNode } from 'react';
import { TOAST } from '../../common/constants';
import { failureToastContent } from '../lib/toast-content';

/**
 * Toasts of spec section 8: titles "Error", "Success" and "Info"; a click or tap dismisses one.
 * Spec 9: the newest on top (Mantine shows higher priorities first, so each toast outranks the
 * ones before it), and a toast the pointer leaves goes after the extended 1,000 ms, not a new 5 s.
 */

let sequence = 0;
/** The open failure toasts by title and text: a failure repeated while its toast is open is not stacked again. */
const openFailures = new Map<string, string>();

/** Whether a toast was raised: the host (Toasts.tsx, a late part) is then wanted at once, not after start-up. */
let raised = false;
const raisedListeners = new Set<() => void>();
export const toastsRaised = {
  get: () => raised,
  subscribe(listener: () => void) {
    raisedListeners.add(listener);
    return () => raisedListeners.delete(listener);
  },
};
/** Mantine's toast store, out of the first bundle (issue 23): the first toast loads it, in a few ms once the shell's late parts are in. */
const store = () => import('./toast-store').then((module) => module.notifications);

function show(title: string, message: ReactNode, color: string, onClose?: () => void): string {
  sequence += 1;
  const id = `toast-${sequence}`;
  if (!raised) {
    raised = true;
    for (const listener of raisedListeners) listener();
  }
  void store().then((notifications) =>
    notifications.show({
      id,
      title,
      message,
      color,
      withBorder: true,
      // Mantine's close button is icon-only: without a name screen readers announce just "button".
      closeButtonProps: { 'aria-label': 'Close notification' },
      priority: sequence,
      onClick: () => notifications.hide(id),
      onMouseLeave: () => notifications.update({ id, message, autoClose: TOAST.extendedMs }),
      onClose,
      style: { cursor: 'pointer' },
    }),
  );
  return id;
}

/**
 * An error toast, once: when the same title and text is already open (a failing API asked by several
 * parts of a page, or again on retry), that toast stays and starts its 5 s again instead of a second
 * one stacking under the header.
 */
function showFailure(title: string, message: string) {
  const key = `${title}\n${message}`;
  const open = openFailures.get(key);
  if (open) {
    void store().then((notifications) => notifications.update({ id: open, title, message, autoClose: TOAST.displayMs }));
    return;
  }
  openFailures.set(
    key,
    show(title, message, 'red', () => openFailures.delete(key)),
  );
}

/** A failed call: the failure text from the spec's catalogue, plus the server's message when it sent one. */
export function notifyFailure(failureText: string, error?: unknown): void {
  console.error(failureText, error);
  const { title, message } = failureToastContent(failureText, error);
  showFailure(title, message);
}

/** A plain error toast without a failed call behind it (e.g. "An error occurred when logging in"). */
export function notifyError(message: string): void {
  showFailure('Error', message);
}

/** The spec's exact text, then optionally a detail line below it (what an import did). */
export function notifySuccess(message: string, detail?: string): void {
  show('Success', withDetail(message, detail), 'teal');
}

export function notifyInfo(message: string): void {
  show('Info', message, 'blue');
}

/**
 * Something done that still needs watching (a rejection whose refund PayPal refused): spec 8 has
 * three titles, so it is an "Info" in orange, the detail (PayPal's words) on a second line.
 */
export function notifyWarning(message: string, detail?: string): void {
  show('Info', withDetail(message, detail), 'orange');
}

/** The message, then a second line under it when there is one. */
function withDetail(message: string, detail: string | undefined): ReactNode {
  if (!detail) return message;
  return (
    <>
      <div>{message}</div>
      <div>{detail}</div>
    </>
  );
}
