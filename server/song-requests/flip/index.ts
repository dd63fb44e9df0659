import type { Limits } from '../../accounts/limits';
import type { App } from '../../http/types';
import type { PaymentsSlice } from '../../payments';
import { featureRoutes } from '../feature-routes';
import type { QueueWriter } from '../queue';
import { createFlipPayments } from './payment';
import { flipRoutes } from './routes';
import { createFlipValidation, type FlipDeps } from './service';

/** Flip requests: the enabled flag, validation, payment and the queue and history rows it writes. */
export function registerFlipRequests(app: App, deps: FlipDeps & { payments: PaymentsSlice; queue: QueueWriter }, limits: Limits) {
  const flips = createFlipValidation(deps);
  const pay = createFlipPayments(deps);
  featureRoutes(app, deps.features, 'flip', limits);
  flipRoutes(app, flips, pay, limits);
}
