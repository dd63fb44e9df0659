import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldRequest, RefundAttention, RejectBody, RequestDecision } from '../../common/request-lifecycle';
import { REQUEST_LIFECYCLE_PATHS } from '../../common/request-states';
import { type Decision, decisionToast } from '../lib/request-decision';
import { notifyInfo, notifySuccess, notifyWarning } from '../toasts/notify';
import { apiGet, apiPost } from './client';
import { queueQuery } from './queue';

/**
 * The paid requests' control room (admins): the held requests, the refunds that need a look, and
 * APPROVE / REJECT by history id, each confirmed with a toast that says where the request ended up.
 */

/**
 * How the lists keep up while the tab is open: a paid request that waits for approval reaches no
 * socket (the queue socket carries only queued flips, and held samples are not in it), so the lists
 * are read again every POLL_MS and when the admin comes back to the window. A failed read stops the
 * polling (its toast would repeat every few seconds); the tab's Retry starts it again.
 */
const POLL_MS = 10_000;
const pollUnlessFailed = (query: { state: { status: string } }) => (query.state.status === 'error' ? false : POLL_MS);

const HELD_KEY = ['requests', 'held'] as const;
const ATTENTION_KEY = ['requests', 'attention'] as const;

export const heldRequestsQuery = queryOptions({
  queryKey: HELD_KEY,
  queryFn: ({ signal }) => apiGet<HeldRequest[]>(REQUEST_LIFECYCLE_PATHS.held, undefined, signal),
  staleTime: 0,
  refetchInterval: pollUnlessFailed,
  refetchOnWindowFocus: true,
  meta: { failureText: 'Unable to retrieve requests waiting for approval' },
});

export const refundAttentionQuery = queryOptions({
  queryKey: ATTENTION_KEY,
  queryFn: ({ signal }) => apiGet<RefundAttention[]>(REQUEST_LIFECYCLE_PATHS.attention, undefined, signal),
  staleTime: 0,
  refetchInterval: pollUnlessFailed,
  refetchOnWindowFocus: true,
  meta: { failureText: 'Unable to retrieve refunds needing attention' },
});

function notifyDecision(decision: Decision, answer: RequestDecision): void {
  const toast = decisionToast(decision, answer);
  if (toast.tone === 'success') notifySuccess(toast.message, toast.detail);
  else if (toast.tone === 'warning') notifyWarning(toast.message, toast.detail);
  else notifyInfo(toast.message);
}

/** After any decision (or a failed one: someone else may have decided): the held list, the refunds and the queue. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([HELD_KEY, ATTENTION_KEY, queueQuery.queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
      () => undefined,
    );
}

/** APPROVE: a held flip joins the queue, a held sample goes to the sample player. */
export function useApproveRequest() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (id: number) => apiPost<RequestDecision>(REQUEST_LIFECYCLE_PATHS.approve(id)),
    onSuccess: (answer) => notifyDecision('approve', answer),
    onSettled: refresh,
    meta: { failureText: 'Unable to approve request' },
  });
}

export interface RejectVariables extends RejectBody {
  id: number;
}

/** REJECT (held or queued): out of the queue and the player at once, its payment refunded in full. */
export function useRejectRequest() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ id, ...body }: RejectVariables) => apiPost<RequestDecision>(REQUEST_LIFECYCLE_PATHS.reject(id), body),
    onSuccess: (answer) => notifyDecision('reject', answer),
    onSettled: refresh,
    meta: { failureText: 'Unable to reject request' },
  });
}
