import { fromCents, toCents } from '../../../common/payments';
import { HttpError, notFound } from '../../http/errors';
import type { PaymentsSlice, Tx } from '../../payments';
import type { QueueWriter } from '../queue';
import { presentCaptured } from './present';
import { enqueuePaidFlip, type FlipRequestRow, flipRequestById, flipRequestBySid, historyOfFlip, refundFlip } from './queries';
import type { FlipDeps } from './service';

/**
 * Paying for a flip request through the payments module (server/payments): the order is made for
 * the price stored with the request at validation, and whoever settles the payment (the
 * capture call, a webhook, the reconciliation job) calls onCaptured inside settle's transaction,
 * which puts the request in the queue and the history exactly once.
 */

const KIND = 'flip';

/** Which flip request a payment pays for: its id, as the payment's requestRef. */
const refOf = (request: FlipRequestRow) => String(request.id);

async function requestOf(tx: Tx, requestRef: string): Promise<FlipRequestRow> {
  const request = /^\d+$/.test(requestRef) ? await flipRequestById(tx, Number(requestRef)) : undefined;
  // Thrown inside settle: the payment stays captured-but-unsettled and is retried, never lost.
  if (!request) throw new Error(`A flip payment names no flip request (${requestRef})`);
  return request;
}

export function createFlipPayments(deps: FlipDeps & { payments: PaymentsSlice; queue: QueueWriter }) {
  const { db, payments, queue } = deps;

  payments.registerKind(KIND, {
    async onCaptured(tx, payment) {
      const request = await requestOf(tx, payment.requestRef);
      // settle checked the capture against the payment; the payment must also be this request's price.
      if (toCents(payment.amount.value) !== request.amountCents || payment.amount.currency_code !== request.currency) {
        throw new Error(
          `Flip payment ${payment.orderId} is for ${payment.amount.value} ${payment.amount.currency_code}, not the request's price`,
        );
      }
      // A new queued item: a new queue version, announced when settle's transaction commits.
      await queue.change(tx, async () => {
        await enqueuePaidFlip(tx, request, deps.now());
        return true;
      });
    },
    async onReversed(tx, payment) {
      const request = await requestOf(tx, payment.requestRef);
      await queue.change(tx, async () => {
        await refundFlip(tx, request.id, deps.now());
        return true;
      });
    },
  });

  async function bySid(sid: string): Promise<FlipRequestRow> {
    const request = await flipRequestBySid(db, sid);
    if (!request) throw notFound('Unknown flip request: verify the video again');
    return request;
  }

  return {
    /** POST /api/requests/flip/create: the order of a validated request (the same open order when asked again). */
    async create(sid: string): Promise<{ id: string }> {
      await deps.features.requireEnabled('flip');
      const request = await bySid(sid);
      if (request.expiresAt <= deps.now()) throw new HttpError(410, 'This flip request has expired: verify the video again');
      // Paid once already (even if refunded since): a new order would take the money a second time.
      if (await historyOfFlip(db, request.id))
        throw new HttpError(409, 'This flip request is paid already: verify the video again to request it anew');
      const payment = await payments.createOrder({
        kind: KIND,
        requestRef: refOf(request),
        // The price stored with the request at validation (FLIP_PRICE_CENTS): the one source onCaptured checks against.
        amount: { currency_code: request.currency, value: fromCents(request.amountCents) },
        description: `Flip request: ${request.title}`.slice(0, 127),
      });
      return { id: payment.orderId };
    },

    /** POST /api/requests/flip/capture: the captured order, and the ids of the success banner. */
    async capture(sid: string, orderId: string) {
      // Not gated by the flag: the buyer approved an order made while flips were on, and the
      // webhook and the reconciliation job capture it whatever the flag says. Refusing here would
      // tell the buyer no while charging them; create is where the flag stops new payments.
      const request = await bySid(sid);
      const order = await payments.capture({ kind: KIND, requestRef: refOf(request), orderId });
      const history = await historyOfFlip(db, request.id);
      if (!history) throw new HttpError(502, 'The payment was taken but is not settled yet; it will be completed shortly');
      return presentCaptured(order, history);
    },
  };
}
