import { cleanNotifications, notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { notifyError, notifyFailure, notifySuccess } from './notify';

/** Toasts reach Mantine's store once it is imported (notify.tsx loads it lazily): after every pending promise. */
const shown = async () => {
  await import('./toast-store');
  await new Promise<void>((resolve) => setImmediate(resolve));
};
const open = () => notificationsStore.getState().notifications.map(({ title, message }) => ({ title, message }));

vi.spyOn(console, 'error').mockImplementation(() => {});
// Each test starts with no toast open: closing them tells notify.tsx, as Mantine does when one goes.
afterEach(() => {
  for (const toast of notificationsStore.getState().notifications) toast.onClose?.(toast);
  cleanNotifications();
});

describe('toasts (issue 24: repeats collapse)', () => {
  it('shows a failure repeated while its toast is open once', async () => {
    notifyFailure('Unable to retrieve latest songs');
    notifyFailure('Unable to retrieve latest songs');
    notifyFailure('Unable to retrieve latest songs');
    await shown();
    expect(open()).toEqual([{ title: 'Error', message: 'Unable to retrieve latest songs' }]);
  });

  it('keeps different failures, and the same failure with another server message, apart', async () => {
    notifyFailure('Unable to retrieve latest songs');
    notifyFailure('Unable to retrieve stats');
    const busy = new ApiError(
      503,
      { statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable for a moment' },
      'Service Unavailable',
    );
    notifyFailure('Unable to retrieve stats', busy);
    notifyError('An error occurred when logging in');
    await shown();
    expect(open()).toHaveLength(4);
  });

  it('shows the failure again once its toast has closed', async () => {
    notifyError('An error occurred when logging in');
    await shown();
    const [first] = notificationsStore.getState().notifications;
    first!.onClose?.(first!);
    notifications.hide(first!.id!);
    notifyError('An error occurred when logging in');
    await shown();
    expect(notificationsStore.getState().notifications.map((n) => n.id)).not.toContain(first!.id);
    await shown();
    expect(open()).toEqual([{ title: 'Error', message: 'An error occurred when logging in' }]);
  });

  it('stacks successes: each is something that happened', async () => {
    notifySuccess('Request approved');
    notifySuccess('Request approved');
    await shown();
    expect(open()).toHaveLength(2);
  });
});
