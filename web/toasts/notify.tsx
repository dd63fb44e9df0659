import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { TOAST } from '../../common/constants';
import { failureToastContent } from '../lib/toast-content';

/**
 * Toasts of spec section 8: titles "Error", "Success" and "Info"; a click or tap dismisses one.
 * Spec 9: the newest on top (Mantine shows higher priorities first, so each toast outranks the
 * ones before it), and a toast the pointer leaves goes after the extended 1,000 ms, not a new 5 s.
 */

let sequence = 0;

function show(title: string, message: ReactNode, color: string) {
  sequence += 1;
  const id = `toast-${sequence}`;
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
    style: { cursor: 'pointer' },
  });
}

/** A failed call: the failure text from the spec's catalogue, plus the server's message when it sent one. */
export function notifyFailure(failureText: string, error?: unknown): void {
  console.error(failureText, error);
  const { title, message } = failureToastContent(failureText, error);
  show(title, message, 'red');
}

/** A plain error toast without a failed call behind it (e.g. "An error occurred when logging in"). */
export function notifyError(message: string): void {
  show('Error', message, 'red');
}

/** The spec's exact text, then optionally a detail line below it (what an import did). */
export function notifySuccess(message: string, detail?: string): void {
  show(
    'Success',
    detail ? (
      <>
        <div>{message}</div>
        <div>{detail}</div>
      </>
    ) : (
      message
    ),
    'teal',
  );
}

export function notifyInfo(message: string): void {
  show('Info', message, 'blue');
}
