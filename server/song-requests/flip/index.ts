import type { App } from '../../http/types';
import type { PaymentsSlice } from '../../payments';
import { featureRoutes } from '../feature-routes';
import type { QueueWriter } from '../queue';
import { createFlipPayments } from './payment';
import { flipRoutes } from './routes';
import { createFlipValidation, type FlipDeps } from './service';

/** Flip requests: the enabled flag, validation, payment and the queue and history rows it writes. */
export function registerFlipRequests(app: App, deps: FlipDeps & { payments: PaymentsSlice; queue: QueueWriter }) {
  const flips = createFlipValidation(deps);
  const pay = createFlipPayments(deps);
  featureRoutes(app, deps.features, 'flip');
  flipRoutes(app, flips, pay);
}
