import { fromCents } from '../../../common/payments';
import type { Notifications } from '../../notifications';
import type { PaymentsSlice } from '../../payments';
import { buyerOfRequest } from '../limits/service';
import type { QueueWriter } from '../queue';
import { BUYER, PAYPAL, type Transitions, turnedAway } from '../transitions';
import { enqueuePaidFlip, flipRequestById, flipRequestBySid, historyOfFlip, setFlipQueueState } from './queries';
import type { FlipDeps } from './service';

/**
 * Paying for a flip request: the shared paid-request path (server/payments/paid-kind.ts) with what a
 * flip adds. Paid, it enters the history and the queue, or waits for an admin (held) while
 * FLIPS_REQUIRE_APPROVAL is on; paid back (a refund, a reversal, PayPal's dashboard), it leaves the
 * queue and the history marks it refunded. A change of the queue is a new queue version, announced
 * when settle's transaction commits; every change of state is on the request's audit trail.
 */
export function createFlipPayments(
  deps: FlipDeps & {
    payments: PaymentsSlice;
    queue: QueueWriter;
    transitions: Transitions;
    requireApproval: boolean;
    notifications: Pick<Notifications, 'enqueueRequestNotice'>;
  },
) {
  const { db, queue, transitions } = deps;
  return deps.payments.registerPaidKind({
    kind: 'flip',
    messages: {
      unknown: 'Unknown flip request: verify the video again',
      expired: 'This flip request has expired: verify the video again',
      paidAlready: 'This flip request is paid already: verify the video again to request it anew',
    },
    requireEnabled: () => deps.features.requireEnabled('flip'),
    bySid: (sid) => flipRequestBySid(db, sid),
    byId: flipRequestById,
    paidRecord: (request) => historyOfFlip(db, request.id),
    description: (request) => `Flip request: ${request.title}`,
    // The banner's "Sample ID" of a flip is its history row.
    receiptId: (_request, history) => String(history.id),
    historyId: (history) => history.id,
    turnedAway: (history) => turnedAway(history),
    onPaid: (tx, request, at) =>
      // Under the queue's lock: two payments at once are counted against the limits one after the other.
      queue.change(tx, async () => {
        const buyer = buyerOfRequest(request);
        const refusal = buyer ? await deps.limits.checkLimits(tx, buyer) : null;
        const state = refusal ? 'rejected' : deps.requireApproval ? 'held' : 'queued';
        const { history, previous } = await enqueuePaidFlip(tx, request, at, state);
        if (refusal) {
          await transitions.turnAway(tx, history.id, previous === null ? null : 'refunded', refusal, at);
          return false;
        }
        if (previous === null) await transitions.begin(tx, history.id, state, BUYER, at);
        else await transitions.move(tx, history.id, { from: ['refunded'], to: state, by: BUYER, at });
        // The streamer hears of it in Discord: a row in the outbox, sent after commit; never a call here.
        await deps.notifications.enqueueRequestNotice(tx, {
          songRequestId: history.id,
          event: state === 'held' ? 'held' : 'paid',
          kind: 'flip',
          title: request.title,
          username: request.username,
          amount: fromCents(request.amountCents),
          currency: request.currency,
          videoId: request.videoId,
        });
        // A held request is not in the queue yet: nothing the queue shows has changed.
        return state === 'queued';
      }),
    onReversed: (tx, request, at) =>
      queue.change(tx, async () => {
        const history = await historyOfFlip(tx, request.id);
        if (!history) return false;
        await setFlipQueueState(tx, history.id, 'refunded', at);
        const { previous } = await transitions.move(tx, history.id, {
          from: ['held', 'queued', 'playing', 'played', 'rejected', 'refund_failed'],
          to: 'refunded',
          by: PAYPAL,
          at,
        });
        return previous === 'queued' || previous === 'playing';
      }),
  });
}
