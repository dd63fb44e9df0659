import type { PaymentsSlice } from '../../payments';
import { historyOfSample, markSamplePaid, refundSample, type SampleRequestInfo, sampleRequestById, sampleRequestBySid } from './queries';
import type { SampleDeps } from './service';

/**
 * Paying for a sample: the shared paid-request path (server/payments/paid-kind.ts) with what a
 * sample adds. Paid, it is marked paid, gets its history row and `sample.paid` is published, once;
 * refunded, both are marked refunded.
 */

/** The history row's title: what the request history lists the sample as. */
export const sampleTitle = (request: Pick<SampleRequestInfo, 'durationMs'>) => `Voice sample (${(request.durationMs / 1000).toFixed(1)} s)`;

export function createSamplePayments(deps: SampleDeps & { payments: PaymentsSlice }) {
  const { db } = deps;
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
    async onPaid(tx, request, at) {
      if (await markSamplePaid(tx, request, sampleTitle(request), at)) {
        await deps.events.publish(tx, 'sample.paid', { sampleRequestId: request.id });
      }
    },
    onReversed: (tx, request, at) => refundSample(tx, request.id, at),
  });
}
