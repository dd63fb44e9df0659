import { fromCents, toCents } from '../../../common/payments';
import type { SampleCaptureResult } from '../../../common/sample';
import { HttpError, notFound } from '../../http/errors';
import type { PaymentsSlice, Tx } from '../../payments';
import { historyOfSample, markSamplePaid, refundSample, type SampleRequestInfo, sampleRequestById, sampleRequestBySid } from './queries';
import type { SampleDeps } from './service';

/**
 * Paying for a sample through the payments module, as flips do (flip/payment.ts): the order is for
 * the price the server measured; whoever settles the payment runs onCaptured inside settle's
 * transaction, which marks the sample paid, adds its history row and publishes `sample.paid`, once.
 */

const KIND = 'sample';
const refOf = (request: SampleRequestInfo) => String(request.id);

async function requestOf(tx: Tx, requestRef: string): Promise<SampleRequestInfo> {
  const request = /^\d+$/.test(requestRef) ? await sampleRequestById(tx, Number(requestRef)) : undefined;
  // Thrown inside settle: the payment stays captured-but-unsettled and is retried, never lost.
  if (!request) throw new Error(`A sample payment names no sample request (${requestRef})`);
  return request;
}

/** The history row's title: what the request history lists the sample as. */
export const sampleTitle = (request: Pick<SampleRequestInfo, 'durationMs'>) => `Voice sample (${(request.durationMs / 1000).toFixed(1)} s)`;

export function createSamplePayments(deps: SampleDeps & { payments: PaymentsSlice }) {
  const { db, payments } = deps;

  payments.registerKind(KIND, {
    async onCaptured(tx, payment) {
      const request = await requestOf(tx, payment.requestRef);
      if (toCents(payment.amount.value) !== request.amountCents || payment.amount.currency_code !== request.currency) {
        throw new Error(
          `Sample payment ${payment.orderId} is for ${payment.amount.value} ${payment.amount.currency_code}, not the sample's price`,
        );
      }
      if (await markSamplePaid(tx, request, sampleTitle(request), deps.now())) {
        await deps.events.publish(tx, 'sample.paid', { sampleRequestId: request.id });
      }
    },
    async onReversed(tx, payment) {
      await refundSample(tx, (await requestOf(tx, payment.requestRef)).id, deps.now());
    },
  });

  async function bySid(sid: string): Promise<SampleRequestInfo> {
    const request = await sampleRequestBySid(db, sid);
    if (!request) throw notFound('Unknown sample request: record and verify it again');
    return request;
  }

  return {
    /** POST /api/requests/recording/create: the order of a validated sample (the same open order when asked again). */
    async create(sid: string): Promise<{ id: string }> {
      await deps.features.requireEnabled('recording');
      const request = await bySid(sid);
      if (request.expiresAt <= deps.now()) throw new HttpError(410, 'This sample request has expired: verify it again');
      // Paid once already (even if refunded since): a new order would take the money a second time.
      if (await historyOfSample(db, request.id)) throw new HttpError(409, 'This sample is paid already: record a new one to request again');
      const payment = await payments.createOrder({
        kind: KIND,
        requestRef: refOf(request),
        amount: { currency_code: request.currency, value: fromCents(request.amountCents) },
        description: `Sample request: ${sampleTitle(request)}`,
      });
      return { id: payment.orderId };
    },

    /** POST /api/requests/recording/capture: the captured order, and the ids of the success banner. */
    async capture(sid: string, orderId: string): Promise<SampleCaptureResult> {
      // Not gated by the flag: an approved order is completed by the webhook or the job anyway, so
      // refusing the buyer here would tell them no while charging them (create is gated).
      const request = await bySid(sid);
      const order = await payments.capture({ kind: KIND, requestRef: refOf(request), orderId });
      if (!(await historyOfSample(db, request.id))) {
        throw new HttpError(502, 'The payment was taken but is not settled yet; it will be completed shortly');
      }
      const captureId = order.purchase_units[0]?.payments.captures[0]?.id;
      if (!captureId) throw new Error(`The captured order ${order.id} has no capture`);
      return { ...order, sampleId: String(request.id), orderId: order.id, transactionId: captureId };
    },
  };
}
