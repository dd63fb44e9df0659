import { flipValidateBody, validatedFlipSchema } from '../../../common/flip';
import type { Limits } from '../../accounts/limits';
import type { App } from '../../http/types';
import type { createFlipValidation } from './service';

/** POST /api/requests/flip/validate, create and capture (spec 7 "Requests"). */
export function flipRoutes(app: App, flips: ReturnType<typeof createFlipValidation>, limits: Limits) {
  const tags = ['requests'];

  app.post('/api/requests/flip/validate', {
    schema: {
      tags,
      summary:
        'Check a YouTube video link (and the nickname when logged out); answers the video, its earlier requests and the sid to pay with. 409 while flips are disabled',
      body: flipValidateBody,
      response: { 200: validatedFlipSchema },
    },
    preHandler: limits.writes,
    handler: (request) => flips.validate(request.body, request.user),
  });
}
