import { featureStateSchema } from '../../common/flip';
import type { App } from '../http/types';
import type { RequestFeature, RequestFeatures } from './features';

/** GET and POST /api/requests/{flip|recording}/enabled (spec 7): anyone reads the flag, admins toggle it. */
export function featureRoutes(app: App, features: RequestFeatures, feature: RequestFeature) {
  const tags = ['requests'];
  const url = `/api/requests/${feature}/enabled`;

  app.get(url, {
    schema: { tags, summary: `Whether ${feature} requests are enabled`, response: { 200: featureStateSchema } },
    config: { access: 'public' },
    handler: async () => ({ enabled: await features.isEnabled(feature) }),
  });

  app.post(url, {
    schema: { tags, summary: `Turn ${feature} requests on or off (admins); answers the new state`, response: { 200: featureStateSchema } },
    config: { access: 'admin', limit: 'writes' },
    handler: async () => ({ enabled: await features.toggle(feature) }),
  });
}
