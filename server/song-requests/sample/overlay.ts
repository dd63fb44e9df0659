import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { OVERLAY_PATHS, overlayKeyQuery, type SamplePlays, samplePlaysSchema } from '../../../common/overlays';
import { idParams } from '../../../common/query';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import type { App } from '../../http/types';
import type { OverlayAccess } from '../../overlays/key';
import type { Gateway } from '../../realtime/gateway';
import { createTransitions, SYSTEM } from '../transitions';
import { presentPlays } from './present';
import { historyOfSample, recentlyPlayedSamples } from './queries';

/**
 * The streamer's sample player (OBS, /overlays/samples?key=): its socket sends the latest plays on
 * connect and after every `sample.paid` or `sample.replayed` of any instance, and after the bus
 * resynchronised. Each message is re-read from the database, so a lost notification loses nothing:
 * the next message (or the snapshot of a reconnect) still holds the play.
 */

const GROUP = 'samples';
/** How many recent samples a message covers: more than can be paid or replayed between two messages */
export const RECENT_SAMPLES = 20;

export async function readPlays(db: Db): Promise<SamplePlays> {
  return presentPlays(await recentlyPlayedSamples(db, RECENT_SAMPLES));
}

export function samplePlayerSocket(app: App, deps: { db: Db; events: EventBus; gateway: Gateway; access: OverlayAccess; now: () => Date }) {
  app.get(OVERLAY_PATHS.samples, {
    schema: {
      tags: ['overlays'],
      summary: "The sample player's latest plays (what its socket sends). 403 without the overlay key",
      querystring: overlayKeyQuery,
      response: { 200: samplePlaysSchema },
    },
    config: { access: 'overlay' },
    handler: () => {
      return readPlays(deps.db);
    },
  });
  const channel = deps.gateway.channel({
    path: OVERLAY_PATHS.samplesSocket,
    query: overlayKeyQuery,
    group: () => GROUP,
    snapshot: () => readPlays(deps.db),
    refuse: (request) => deps.access.refusal((request.query as { key?: unknown } | undefined)?.key),
  });
  let reading: Promise<void> | null = null;
  let again = false;
  // One read at a time; changes during a read cause one more, so a burst ends on the latest plays.
  const push = () => {
    if (channel.size(GROUP) === 0) return;
    if (reading) {
      again = true;
      return;
    }
    reading = readPlays(deps.db)
      .then((plays) => channel.broadcast(GROUP, plays))
      .catch(() => undefined)
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          push();
        }
      });
  };
  deps.events.subscribe('sample.paid', push);
  deps.events.subscribe('sample.replayed', push);
  // A rejection or a refund takes a released sample out of the plays (a player that has not played it yet never will).
  deps.events.subscribe('request.changed', ({ payload }) => {
    if (payload.state === 'rejected' || payload.state === 'refunded') push();
  });
  deps.events.onResync(push);

  const transitions = createTransitions(deps.events);
  app.post('/api/overlays/samples/:id/played', {
    schema: {
      tags: ['overlays'],
      summary:
        "The sample player finished a sample's first play (the overlay key): its request becomes played. Idempotent: every open player may say so",
      params: idParams,
      querystring: overlayKeyQuery,
      response: { 204: z.null() },
    },
    config: { access: 'overlay', limit: 'writes' },
    handler: async (request, reply) => {
      const history = await historyOfSample(deps.db, request.params.id);
      if (history) {
        await deps.db.transaction((tx) =>
          transitions.move(tx, history.id, { from: ['queued', 'playing'], to: 'played', by: SYSTEM, at: deps.now() }),
        );
      }
      return reply.code(204).send(null);
    },
  });

  app.post(OVERLAY_PATHS.samplesTest, {
    schema: {
      tags: ['overlays'],
      summary: 'Every open sample player plays a test sound (admins), to check the OBS source is heard',
      response: { 204: z.null() },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: async (_request, reply) => {
      await deps.events.publish(deps.db, 'sample.test', { id: randomUUID() });
      return reply.code(204).send(null);
    },
  });
  // Every instance tells its own players (the request is no row to re-read: a player that is away misses it).
  deps.events.subscribe('sample.test', ({ payload }) => {
    if (channel.size(GROUP) === 0) return;
    void readPlays(deps.db)
      .then((plays) => channel.broadcast(GROUP, { ...plays, test: payload.id }))
      .catch(() => undefined);
  });
}
