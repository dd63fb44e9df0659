/**
 * The toasts moved to web/toasts/ (api/ raises them, so they sit below both api/ and components/).
 * Only api/flip.ts, api/sample.ts and their two request pages still import this path; they move with
 * the paid-request work, and then this file goes.
 */
export { notifyError, notifyFailure, notifyInfo, notifySuccess } from '../toasts/notify';
