import {
  flipCaptureBody,
  flipCaptureResultSchema,
  flipCreateBody,
  flipValidateBody,
  orderIdSchema,
  validatedFlipSchema,
} from '../../../common/flip';
import type { App } from '../../http/types';
import { paymentStatusRoute } from '../../payments';
import type { createFlipPayments } from './payment';
import type { createFlipValidation } from './service';

/** POST /api/requests/flip/validate, create and capture (spec 7 "Requests"). */
export function flipRoutes(app: App, flips: ReturnType<typeof createFlipValidation>, pay: ReturnType<typeof createFlipPayments>) {
  const tags = ['requests'];

  app.post('/api/requests/flip/validate', {
    schema: {
      tags,
      summary:
        'Check a YouTube video link (and the nickname when logged out); answers the video, its earlier requests and the sid to pay with. 409 while flips are disabled, while the request queue is full (QUEUE_MAX) or when the buyer has REQUEST_LIMIT_PER_BUYER requests open',
      body: flipValidateBody,
      response: { 200: validatedFlipSchema },
    },
    config: { access: 'public', limit: 'writes' },
    handler: (request) => flips.validate(request.body, request.user, request.ip),
  });

  app.post('/api/requests/flip/create', {
    schema: {
      tags,
      summary:
        'The PayPal order of a validated request, for $20.00 USD set by the server (the same open order when asked again). 404 unknown sid, 410 expired, 409 while disabled',
      body: flipCreateBody,
      response: { 200: orderIdSchema },
    },
    config: { access: 'public', limit: 'writes' },
    handler: (request) => pay.create(request.body.sid),
  });

  app.post('/api/requests/flip/capture', {
    schema: {
      tags,
      summary:
        "Capture the buyer's approved order: the request enters the queue and the history once. 422 declined (the buyer may try again), 4xx not approved or another request's order. Not refused while flips are disabled: an approved order is always completed",
      body: flipCaptureBody,
      response: { 200: flipCaptureResultSchema },
    },
    config: { access: 'public', limit: 'writes' },
    handler: (request) => pay.capture(request.body.sid, request.body.orderId),
  });
  paymentStatusRoute(app, 'flip', (sid) => pay.status(sid));
}
