import type { EventBus } from '../../events';
import type { App } from '../../http/types';
import type { Notifications } from '../../notifications';
import type { PaymentsSlice } from '../../payments';
import { featureRoutes } from '../feature-routes';
import type { QueueWriter } from '../queue';
import { createTransitions } from '../transitions';
import { createFlipPayments } from './payment';
import { flipRoutes } from './routes';
import { createFlipValidation, type FlipDeps } from './service';

/** Flip requests: the enabled flag, validation, payment and the queue and history rows it writes. */
export function registerFlipRequests(
  app: App,
  deps: FlipDeps & {
    payments: PaymentsSlice;
    queue: QueueWriter;
    events: EventBus;
    requireApproval: boolean;
    notifications: Pick<Notifications, 'enqueueRequestNotice'>;
  },
) {
  const flips = createFlipValidation(deps);
  const pay = createFlipPayments({ ...deps, transitions: createTransitions(deps.events) });
  featureRoutes(app, deps.features, 'flip');
  flipRoutes(app, flips, pay);
}
