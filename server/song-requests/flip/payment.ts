import type { PaymentsSlice } from '../../payments';
import type { QueueWriter } from '../queue';
import { enqueuePaidFlip, flipRequestById, flipRequestBySid, historyOfFlip, refundFlip } from './queries';
import type { FlipDeps } from './service';

/**
 * Paying for a flip request: the shared paid-request path (server/payments/paid-kind.ts) with what a
 * flip adds. Paid, it enters the queue and the history; refunded, both mark it refunded. Either
 * change is a new queue version, announced when settle's transaction commits.
 */
export function createFlipPayments(deps: FlipDeps & { payments: PaymentsSlice; queue: QueueWriter }) {
  const { db, queue } = deps;
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
    onPaid: (tx, request, at) =>
      queue.change(tx, async () => {
        await enqueuePaidFlip(tx, request, at);
        return true;
      }),
    onReversed: (tx, request, at) =>
      queue.change(tx, async () => {
        await refundFlip(tx, request.id, at);
        return true;
      }),
  });
}
