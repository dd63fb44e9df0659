import { CURRENCY } from '../../common/constants';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import type { JobDefinition, Logger } from '../jobs/runner';
import type { PayPalClient } from '../providers/paypal/client';
import { type PaidKind, type PaidRequests, type PayableRequest, registerPaidKind } from './paid-kind';
import { paymentsByKindAndStatus } from './queries';
import { reconcileJob } from './reconcile';
import { createRefunds, type RefundOutcome } from './refund';
import { earningsRoutes, paymentRoutes } from './routes';
import { createPaymentsService, type PaymentsService } from './service';
import { createEarnings } from './summary';
import type { RegisteredKind } from './types';

export { PaidRequestError, type PaidRequestErrorCode, PaymentError, type PaymentErrorCode } from './errors';
export type { PaidCaptureResult, PaidKind, PaidKindMessages, PaidRequests, PayableRequest } from './paid-kind';
export type { Tx } from './queries';
export type { RefundOutcome } from './refund';
export type { PaymentsService } from './service';
export { paymentStatusRoute } from './status-route';
export type { CaptureRequest, CreateOrderRequest, Payment, PaymentKindHandlers, RegisteredKind } from './types';

export interface PaymentsSlice extends PaymentsService {
  /** The reconciliation job, which payments/plugin.ts defines on the job runner */
  job(): JobDefinition;
  /** A paid request kind (flip, sample): what differs about it; answers its create and capture calls (server/payments/paid-kind.ts). */
  registerPaidKind<R extends PayableRequest, P>(kind: PaidKind<R, P>): PaidRequests;
  /** Refunds a paid request's capture in full, once whatever the retries (server/payments/refund.ts). */
  refundRequest(kind: RegisteredKind, requestRef: string): Promise<RefundOutcome>;
  /** Refunds asked of this instance since start, by kind and outcome (GET /metrics) */
  refundCounts(): { kind: string; outcome: RefundOutcome['status']; count: number }[];
  /** Every payment in the database by kind and status (GET /metrics: every instance's payments, read when scraped) */
  statusCounts(): Promise<{ kind: string; status: string; count: number }[]>;
}

/** The payments slice: its service, its webhook route, the earnings routes and its reconciliation job. */
export function registerPayments(
  app: App,
  deps: { config: Config; db: Db; paypal: () => PayPalClient | null; now: () => Date; log: Logger },
): PaymentsSlice {
  const service = createPaymentsService({ db: deps.db, paypal: deps.paypal, now: deps.now, log: deps.log });
  paymentRoutes(app, service, deps.paypal, {
    id: deps.config.paypal?.webhookId ?? null,
    now: deps.now,
    apiBase: deps.config.paypal?.apiBase ?? null,
  });
  earningsRoutes(app, createEarnings({ db: deps.db, now: deps.now, currency: CURRENCY }));
  const { reconcileAfterMinutes, reconcileIntervalSeconds } = deps.config.payments;
  const refunds = countedRefunds(createRefunds({ db: deps.db, paypal: deps.paypal, reverse: service.reverse }).refundRequest);
  return {
    ...service,
    registerPaidKind: (kind) => registerPaidKind(service, deps.now, kind),
    refundRequest: refunds.refundRequest,
    refundCounts: refunds.counts,
    statusCounts: () => paymentsByKindAndStatus(deps.db),
    job: () =>
      reconcileJob({
        db: deps.db,
        payments: service,
        paypal: deps.paypal,
        now: deps.now,
        log: deps.log,
        afterMinutes: reconcileAfterMinutes,
        intervalSeconds: reconcileIntervalSeconds,
      }),
  };
}

/** `refundRequest`, counting its outcomes by kind (a refund that threw is not counted: it is retried). */
function countedRefunds(refundRequest: PaymentsSlice['refundRequest']) {
  const counts = new Map<string, { kind: string; outcome: RefundOutcome['status']; count: number }>();
  return {
    async refundRequest(kind: RegisteredKind, requestRef: string): Promise<RefundOutcome> {
      const outcome = await refundRequest(kind, requestRef);
      const key = `${kind}\u0000${outcome.status}`;
      const entry = counts.get(key) ?? { kind, outcome: outcome.status, count: 0 };
      entry.count++;
      counts.set(key, entry);
      return outcome;
    },
    counts: () => [...counts.values()].map((entry) => ({ ...entry })),
  };
}
