import type { RequestState } from '../../common/request-states';

/**
 * What an admin is told after APPROVE or REJECT of a paid request (the Admin Console's Request
 * Approvals and the queue page): the answer's state in words. Pure, so the texts are unit-tested.
 */

export type Decision = 'approve' | 'reject';

export interface DecisionAnswer {
  state: RequestState;
  changed: boolean;
  refundError: string | null;
}

/** success and info are spec 8's toasts; warning is a rejection whose refund PayPal refused (retried by the server). */
export interface DecisionToast {
  tone: 'success' | 'info' | 'warning';
  message: string;
  detail?: string;
}

/** "this request is …": where a request stands when someone else got there first. */
const STATE_WORDS: Record<RequestState, string> = {
  held: 'still waiting for approval',
  queued: 'approved',
  playing: 'playing now',
  played: 'played',
  rejected: 'rejected, its refund pending at PayPal',
  refunded: 'refunded',
  refund_failed: 'rejected, its refund retried automatically',
};

/** States only an admin's decision leads to; from the others (playing, played) nobody decided, the request moved on. */
const DECIDED: readonly RequestState[] = ['queued', 'rejected', 'refunded', 'refund_failed'];

export function decisionToast(decision: Decision, answer: DecisionAnswer): DecisionToast {
  if (!answer.changed) {
    const lead = DECIDED.includes(answer.state) ? 'Another admin already decided' : 'Nothing changed';
    return { tone: 'info', message: `${lead}: this request is ${STATE_WORDS[answer.state]}` };
  }
  if (decision === 'approve') return { tone: 'success', message: 'Request approved' };
  switch (answer.state) {
    case 'refunded':
      return { tone: 'success', message: 'Request rejected and refunded' };
    case 'refund_failed':
      return {
        tone: 'warning',
        message: 'Request rejected, but PayPal refused the refund: it is retried automatically',
        // The server's words, which name PayPal's answer ("PayPal 500: INTERNAL_SERVER_ERROR ...").
        detail: answer.refundError ?? undefined,
      };
    default:
      // rejected: PayPal accepted the refund as PENDING; its webhook completes it.
      return { tone: 'success', message: 'Request rejected; the refund is pending at PayPal' };
  }
}
