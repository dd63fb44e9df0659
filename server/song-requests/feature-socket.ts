import { z } from 'zod';
import { REQUEST_FEATURES_SOCKET, type RequestFeaturesMessage } from '../../common/realtime';
import type { EventBus } from '../events';
import type { App } from '../http/types';
import type { Gateway } from '../realtime/gateway';
import { createRetryingReader } from '../realtime/reader';
import type { RequestFeatures } from './features';

/** The one group of the features socket: every page sees the same switches. */
const GROUP = 'features';

export interface FeatureSocketOptions {
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * WebSocket /api/ws/requests/features: the switches on connect, then again after each
 * `request.features` of any instance (or a resync of the bus, when one may have gone unheard). A
 * burst of toggles costs one read plus one (realtime/reader.ts); nothing is read while no socket
 * of this instance listens. A failed read is retried with doubling waits, so no open page keeps a
 * switch an admin has since flipped.
 */
export function featureSocket(
  app: App,
  deps: { features: RequestFeatures; events: EventBus; gateway: Gateway },
  options: FeatureSocketOptions = {},
) {
  const channel = deps.gateway.channel({
    path: REQUEST_FEATURES_SOCKET,
    query: z.object({}),
    group: () => GROUP,
    snapshot: () => deps.features.readAll(),
  });

  const reader = createRetryingReader<RequestFeaturesMessage>({
    read: () => deps.features.readAll(),
    wanted: () => channel.size(GROUP) > 0,
    deliver: (state) => channel.broadcast(GROUP, state),
    what: 'request features',
    log: app.log,
    ...options,
  });

  deps.events.subscribe('request.features', () => reader.refresh());
  deps.events.onResync(() => reader.refresh());
  app.addHook('onClose', async () => reader.stop());
  return { refresh: reader.refresh, size: () => channel.size(GROUP) };
}
