import { type PaymentStatusAnswer, paymentStatusQuery, paymentStatusSchema } from '../../common/flip';
import type { PaymentKind } from '../../common/payments';
import type { App } from '../http/types';

/**
 * GET /api/requests/{kind}/status?sid=: where the buyer's payment of a paid request stands. A page
 * whose capture call failed in transit (a 5xx, a dropped connection, an instance gone) asks it until
 * the payment is settled or known failed, instead of inviting a second payment. The sid is the
 * buyer's own unguessable token, so the answer may carry the banner's ids.
 */
export function paymentStatusRoute(app: App, kind: PaymentKind, status: (sid: string) => Promise<PaymentStatusAnswer>) {
  app.get(`/api/requests/${kind}/status`, {
    schema: {
      tags: ['requests'],
      summary: `Where the buyer's payment of a ${kind} request stands (sid): confirming while the server completes it, then paid (the banner's ids), declined, failed or turned away`,
      querystring: paymentStatusQuery,
      response: { 200: paymentStatusSchema },
    },
    config: { access: 'public' },
    handler: (request) => status(request.query.sid),
  });
}
