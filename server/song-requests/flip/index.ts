import type { Limits } from '../../accounts/limits';
import type { App } from '../../http/types';
import { featureRoutes } from '../feature-routes';
import { flipRoutes } from './routes';
import { createFlipValidation, type FlipDeps } from './service';

/** Flip requests: the enabled flag, validation, payment and the queue and history rows it writes. */
export function registerFlipRequests(app: App, deps: FlipDeps, limits: Limits) {
  const flips = createFlipValidation(deps);
  featureRoutes(app, deps.features, 'flip', limits);
  flipRoutes(app, flips, limits);
  return flips;
}
