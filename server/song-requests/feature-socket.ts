import { z } from 'zod';
import { REQUEST_FEATURES_SOCKET, type RequestFeaturesMessage } from '../../common/realtime';
import type { EventBus, EventName } from '../events';
import type { App } from '../http/types';
import type { Gateway } from '../realtime/gateway';
import { createRetryingReader } from '../realtime/reader';
import type { RequestFeatures } from './features';
import type { RequestLimits } from './limits/service';

/** The one group of the features socket: every page sees the same switches. */
const GROUP = 'features';

/**
 * What may change the message: a toggle, and whatever moves a request into or out of the waiting
 * queue (a flip queued, played or refunded; a sample paid; any lifecycle change), for `queueFull`.
 */
const CHANGES: EventName[] = ['request.features', 'queue.changed', 'sample.paid', 'request.changed'];

export interface FeatureSocketOptions {
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * WebSocket /api/ws/requests/features: the switches and whether the queue is full on connect, then
 * again after each change of either on any instance (or a resync of the bus, when one may have gone
 * unheard). A burst of changes costs one read plus one (realtime/reader.ts); nothing is read while
 * no socket of this instance listens. A failed read is retried with doubling waits, so no open page
 * keeps a switch an admin has since flipped, or a queue that has since filled or emptied.
 */
export function featureSocket(
  app: App,
  deps: { features: RequestFeatures; limits: Pick<RequestLimits, 'queueFull'>; events: EventBus; gateway: Gateway },
  options: FeatureSocketOptions = {},
) {
  const read = async (): Promise<RequestFeaturesMessage> => {
    const [flags, queueFull] = await Promise.all([deps.features.readAll(), deps.limits.queueFull()]);
    return { ...flags, queueFull };
  };
  const channel = deps.gateway.channel({
    path: REQUEST_FEATURES_SOCKET,
    query: z.object({}),
    group: () => GROUP,
    snapshot: read,
  });

  const reader = createRetryingReader<RequestFeaturesMessage>({
    read,
    wanted: () => channel.size(GROUP) > 0,
    deliver: (state) => channel.broadcast(GROUP, state),
    what: 'request features',
    log: app.log,
    ...options,
  });

  for (const event of CHANGES) deps.events.subscribe(event, () => reader.refresh());
  deps.events.onResync(() => reader.refresh());
  app.addHook('onClose', async () => reader.stop());
  return { refresh: reader.refresh, size: () => channel.size(GROUP) };
}
