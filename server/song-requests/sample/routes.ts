import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderIdSchema } from '../../../common/flip';
import { overlayKeyQuery } from '../../../common/overlays';
import { idParams } from '../../../common/query';
import {
  replayQuery,
  SAMPLE_FIELDS,
  SAMPLE_PATHS,
  sampleCaptureBody,
  sampleCaptureResultSchema,
  sampleCreateBody,
  sampleValidationSchema,
} from '../../../common/sample';
import { badRequest } from '../../http/errors';
import type { App } from '../../http/types';
import { paymentStatusRoute } from '../../payments';
import type { createSamplePayments } from './payment';
import type { createSamplePlayback } from './replay';
import type { createSampleValidation } from './service';

export interface SampleRouteDeps {
  validation: ReturnType<typeof createSampleValidation>;
  pay: ReturnType<typeof createSamplePayments>;
  playback: ReturnType<typeof createSamplePlayback>;
  maxBytes: number;
}

/** The recording and the nickname of a validate call; a second file or an oversized one is refused. */
async function readUpload(request: FastifyRequest) {
  let audio: Buffer | null = null;
  let username: string | undefined;
  if (!request.isMultipart()) throw badRequest(`The recording must be sent as multipart/form-data (${SAMPLE_FIELDS.audio})`);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === SAMPLE_FIELDS.audio) audio = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
      else if (part.fieldname === SAMPLE_FIELDS.username && typeof part.value === 'string') username = part.value;
    }
  } catch (error) {
    // The upload limits are the plugin's 413s; a form the parser cannot read is the sender's 400.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequest('The form could not be read: send fileKey (and username) as multipart/form-data');
  }
  if (!audio) throw badRequest(`${SAMPLE_FIELDS.audio} is required: the recording`);
  return { audio, username };
}

/** Spec 7 "Requests": validate, create and capture of samples, the admins' replay, and the audio for the overlay. */
export function sampleRoutes(app: App, deps: SampleRouteDeps) {
  const tags = ['requests'];

  // Multipart only here, with the upload limit of a sample: past it a 413.
  app.register(async (scope: App) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.maxBytes, files: 1, fields: 4, parts: 6 } });
    scope.post(SAMPLE_PATHS.validate, {
      schema: {
        tags,
        summary:
          'Measure a recording (multipart: fileKey the audio, username when logged out) and price it; answers the sid to pay with. 400 not audio, corrupt, empty or too long; 413 too big; 409 while samples are disabled, while the request queue is full (QUEUE_MAX) or when the buyer has REQUEST_LIMIT_PER_BUYER requests open',
        consumes: ['multipart/form-data'],
        response: { 200: sampleValidationSchema },
      },
      config: { access: 'public', limit: 'writes' },
      handler: async (request) => {
        const upload = await readUpload(request);
        return deps.validation.validate(upload.audio, upload.username, request.user, request.ip);
      },
    });
  });

  app.post(SAMPLE_PATHS.create, {
    schema: {
      tags,
      summary:
        'The PayPal order of a validated sample, for the price the server measured. 404 unknown sid, 410 expired, 409 while disabled',
      body: sampleCreateBody,
      response: { 200: orderIdSchema },
    },
    config: { access: 'public', limit: 'writes' },
    handler: (request) => deps.pay.create(request.body.sid),
  });

  app.post(SAMPLE_PATHS.capture, {
    schema: {
      tags,
      summary: "Capture the buyer's approved order: the sample becomes paid, enters the history and is announced (sample.paid) once",
      body: sampleCaptureBody,
      response: { 200: sampleCaptureResultSchema },
    },
    config: { access: 'public', limit: 'writes' },
    handler: (request) => deps.pay.capture(request.body.sid, request.body.orderId),
  });
  paymentStatusRoute(app, 'sample', (sid) => deps.pay.status(sid));

  app.post(SAMPLE_PATHS.replay, {
    schema: {
      tags,
      summary: "Play a history item's sample again on the stream (admins). 404 unknown id, 400 the item has no sample",
      querystring: replayQuery,
      response: { 204: z.null() },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: async (request, reply) => {
      await deps.playback.replay(request.query.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/requests/recording/:id/audio', {
    schema: {
      tags,
      summary: "A paid sample's recording, for admins and the overlay key (?key=); a held one (waiting for approval) for admins only",
      params: idParams,
      querystring: overlayKeyQuery,
    },
    // Admins by their session; the overlay (OBS, no login) by the overlay key.
    config: { access: 'admin-or-overlay' },
    handler: async (request, reply) => {
      const { audio, mimeType } = await deps.playback.audio(request.params.id, request.user?.admin === true);
      return reply.header('cache-control', 'private, max-age=3600').type(mimeType).send(audio);
    },
  });
}
