import { CURRENCY } from '../../common/constants';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import type { JobDefinition, Logger } from '../jobs/runner';
import type { PayPalClient } from '../providers/paypal/client';
import { type PaidKind, type PaidRequests, type PayableRequest, registerPaidKind } from './paid-kind';
import { reconcileJob } from './reconcile';
import { earningsRoutes, paymentRoutes } from './routes';
import { createPaymentsService, type PaymentsService } from './service';
import { createEarnings } from './summary';

export { PaidRequestError, type PaidRequestErrorCode, PaymentError, type PaymentErrorCode } from './errors';
export type { PaidCaptureResult, PaidKind, PaidKindMessages, PaidRequests, PayableRequest } from './paid-kind';
export type { Tx } from './queries';
export type { PaymentsService } from './service';
export type { CaptureRequest, CreateOrderRequest, Payment, PaymentKindHandlers, RegisteredKind } from './types';

export interface PaymentsSlice extends PaymentsService {
  /** The reconciliation job, which payments/plugin.ts defines on the job runner */
  job(): JobDefinition;
  /** A paid request kind (flip, sample): what differs about it; answers its create and capture calls (server/payments/paid-kind.ts). */
  registerPaidKind<R extends PayableRequest, P>(kind: PaidKind<R, P>): PaidRequests;
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
  return {
    ...service,
    registerPaidKind: (kind) => registerPaidKind(service, deps.now, kind),
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
