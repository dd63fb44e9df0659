/**
 * One lifecycle for both paid kinds (flip, sample), on the history row: held (paid, waiting for an
 * admin) → queued → playing → played; or held/queued → rejected → refunded (refund_failed while a
 * refund PayPal refused is retried). Zod-free, so the web's small chunks can read it.
 */
export const REQUEST_STATES = ['held', 'queued', 'playing', 'played', 'rejected', 'refunded', 'refund_failed'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** A buyer's requests that still count against REQUEST_LIMIT_PER_BUYER. */
export const OPEN_REQUEST_STATES = ['held', 'queued', 'playing'] as const satisfies readonly RequestState[];

/** Waiting to play: what QUEUE_MAX counts (both kinds). */
export const WAITING_REQUEST_STATES = ['held', 'queued'] as const satisfies readonly RequestState[];

/** What an admin may still reject (and so refund). */
export const REJECTABLE_STATES = ['held', 'queued'] as const satisfies readonly RequestState[];

/** Rejected and not yet paid back: the refund job's work. */
export const REFUNDING_STATES = ['rejected', 'refund_failed'] as const satisfies readonly RequestState[];

export const REQUEST_LIFECYCLE_PATHS = {
  held: '/api/requests/held',
  attention: '/api/requests/attention',
  approve: (id: number) => `/api/requests/${id}/approve`,
  reject: (id: number) => `/api/requests/${id}/reject`,
} as const;

/** The longest reason an admin may give for a rejection (characters). */
export const REJECT_REASON_MAX = 500;

/** The Admin Console tab of held requests (the Discord posts link to it). */
export const APPROVALS_TAB_PATH = '/admin/approvals';
