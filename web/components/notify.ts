import { notifications } from '@mantine/notifications';
import { failureToastContent } from '../lib/toast-content';

/** Toasts of spec section 8: titles "Error", "Success" and "Info"; a click or tap dismisses one. */

let sequence = 0;

function show(title: string, message: string, color: string) {
  sequence += 1;
  const id = `toast-${sequence}`;
  notifications.show({
    id,
    title,
    message,
    color,
    withBorder: true,
    onClick: () => notifications.hide(id),
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

export function notifySuccess(message: string): void {
  show('Success', message, 'teal');
}

export function notifyInfo(message: string): void {
  show('Info', message, 'blue');
}
