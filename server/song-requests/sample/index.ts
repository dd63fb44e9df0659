import type { App } from '../../http/types';
import type { Notifications } from '../../notifications';
import type { OverlayAccess } from '../../overlays/key';
import type { PaymentsSlice } from '../../payments';
import type { Gateway } from '../../realtime/gateway';
import { featureRoutes } from '../feature-routes';
import type { QueueWriter } from '../queue';
import { createTransitions } from '../transitions';
import { samplePlayerSocket } from './overlay';
import { createSamplePayments } from './payment';
import { createSamplePlayback } from './replay';
import { sampleRoutes } from './routes';
import { createSampleValidation, type SampleDeps } from './service';

/** Sample requests: the recording flag, validation of the audio, payment, replays, and the streamer's sample player (audio and socket). */
export function registerSampleRequests(
  app: App,
  deps: SampleDeps & {
    payments: PaymentsSlice;
    maxBytes: number;
    overlayAccess: OverlayAccess;
    gateway: Gateway;
    requireApproval: boolean;
    notifications: Pick<Notifications, 'enqueueRequestNotice'>;
    queue: QueueWriter;
  },
) {
  featureRoutes(app, deps.features, 'recording');
  sampleRoutes(app, {
    validation: createSampleValidation(deps),
    pay: createSamplePayments({ ...deps, transitions: createTransitions(deps.events) }),
    playback: createSamplePlayback(deps),
    maxBytes: deps.maxBytes,
  });
  samplePlayerSocket(app, { db: deps.db, events: deps.events, gateway: deps.gateway, access: deps.overlayAccess, now: deps.now });
}
