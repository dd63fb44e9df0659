import { fromCents } from '../../../common/payments';
import type { Notifications } from '../../notifications';
import type { PaymentsSlice } from '../../payments';
import { buyerOfRequest } from '../limits/service';
import type { QueueWriter } from '../queue';
import { BUYER, PAYPAL, type Transitions, turnedAway } from '../transitions';
import { historyOfSample, markSamplePaid, type SampleRequestInfo, sampleRequestById, sampleRequestBySid, setSampleState } from './queries';
import type { SampleDeps } from './service';

/**
 * Paying for a sample: the shared paid-request path (server/payments/paid-kind.ts) with what a
 * sample adds. Paid, it gets its history row once, and either goes to the sample player
 * (`sample.paid`) or, while SAMPLES_REQUIRE_APPROVAL is on, waits for an admin (held): the player
 * never plays an unreviewed sample. Paid back, it leaves the player's reach and the history marks
 * it refunded.
 */

/** The history row's title: what the request history lists the sample as. */
export const sampleTitle = (request: Pick<SampleRequestInfo, 'durationMs'>) => `Voice sample (${(request.durationMs / 1000).toFixed(1)} s)`;

export function createSamplePayments(
  deps: SampleDeps & {
    payments: PaymentsSlice;
    transitions: Transitions;
    requireApproval: boolean;
    notifications: Pick<Notifications, 'enqueueRequestNotice'>;
    queue: QueueWriter;
  },
) {
  const { db, transitions } = deps;
  return deps.payments.registerPaidKind({
    kind: 'sample',
    messages: {
      unknown: 'Unknown sample request: record and verify it again',
      expired: 'This sample request has expired: verify it again',
      paidAlready: 'This sample is paid already: record a new one to request again',
    },
    requireEnabled: () => deps.features.requireEnabled('recording'),
    bySid: (sid) => sampleRequestBySid(db, sid),
    byId: sampleRequestById,
    paidRecord: (request) => historyOfSample(db, request.id),
    description: (request) => `Sample request: ${sampleTitle(request)}`,
    // The banner's "Sample ID" of a sample is the sample itself (its audio's id).
    receiptId: (request) => String(request.id),
    historyId: (history) => history.id,
    turnedAway: (history) => turnedAway(history),
    async onPaid(tx, request, at) {
      // Under the queue's lock, as a flip's payment: two payments at once are counted against the limits in turn.
      await deps.queue.change(tx, async () => {
        const buyer = buyerOfRequest(request);
        const refusal = buyer ? await deps.limits.checkLimits(tx, buyer) : null;
        const state = refusal ? 'rejected' : deps.requireApproval ? 'held' : 'queued';
        const historyId = await markSamplePaid(tx, request, sampleTitle(request), at, state);
        if (historyId === undefined) return false;
        if (refusal) {
          await transitions.turnAway(tx, historyId, null, refusal, at);
          return false;
        }
        await transitions.begin(tx, historyId, state, BUYER, at);
        await deps.notifications.enqueueRequestNotice(tx, {
          songRequestId: historyId,
          event: state === 'held' ? 'held' : 'paid',
          kind: 'sample',
          title: sampleTitle(request),
          username: request.username,
          amount: fromCents(request.amountCents),
          currency: request.currency,
        });
        if (state === 'queued') await deps.events.publish(tx, 'sample.paid', { sampleRequestId: request.id });
        // The flip queue shows no sample: no new queue version.
        return false;
      });
    },
    async onReversed(tx, request, at) {
      await setSampleState(tx, request.id, 'refunded', at);
      const history = await historyOfSample(tx, request.id);
      if (!history) return;
      await transitions.move(tx, history.id, {
        from: ['held', 'queued', 'playing', 'played', 'rejected', 'refund_failed'],
        to: 'refunded',
        by: PAYPAL,
        at,
      });
    },
  });
}
