import { ApiError } from './api-error';

export interface ToastContent {
  title: string;
  message: string;
}

/**
 * Spec 7: "If the server error body is present, it is shown as the toast message and the failure
 * text becomes the title"; otherwise the toast is titled "Error" with the failure text as message.
 */
export function failureToastContent(failureText: string, error: unknown): ToastContent {
  if (error instanceof ApiError && error.body?.message) return { title: failureText, message: error.body.message };
  return { title: 'Error', message: failureText };
}
