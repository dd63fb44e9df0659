import type { z } from 'zod';
import { RADIO_PATHS } from '../../common/constants';
import {
  radioClientMessageSchema,
  radioCurrentSchema,
  radioHistorySchema,
  radioListenersSchema,
  radioSocketQuery,
  radioTrackSchema,
  skipQuery,
  stationQuery,
} from '../../common/radio';
import type { App } from '../http/types';
import { type Channel, type Gateway, SnapshotMessages } from '../realtime/gateway';
import type { Crowd } from './crowd';
import type { RadioFeed } from './feed';
import { LISTENERS_GROUP, listenersSocketQuery } from './listener-push';
import type { ListenerCounter } from './listeners';
import type { RadioService } from './service';

/**
 * POST /api/radio/skip, GET /api/radio/current, GET /api/radio/history, GET /api/radio/listeners, WebSocket /api/ws/radio
 * (`tracks`: one group per station; its joins and leaves are counted; it takes the listeners'
 * reactions and votes, crowd.ts) and /api/ws/radio/listeners (`counts`: the sums, one group).
 */
export function radioRoutes(
  app: App,
  radio: RadioService,
  feed: Pick<RadioFeed, 'snapshot'>,
  listeners: ListenerCounter,
  crowd: Pick<Crowd, 'receive' | 'snapshot'>,
  gateway: Gateway,
): { tracks: Channel<z.infer<typeof radioSocketQuery>>; counts: Channel } {
  const tags = ['radio'];

  app.post(RADIO_PATHS.skip, {
    schema: {
      tags,
      summary:
        'SKIP TRACK (admins): the station’s next track starts now, for every listener; answers it. With startedAt, only that play is skipped: if it already ended, nothing moves and the answer is the current track. 409 when the station has nothing to play',
      querystring: skipQuery,
      response: { 200: radioTrackSchema },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: (request) => {
      const { station, startedAt } = request.query;
      return radio.skip(station, startedAt === undefined ? undefined : new Date(startedAt));
    },
  });

  // What a joining socket gets (below), for the /radio page's HTML (site/page-answers.ts): from the
  // feed's memory, stamped now, so never read-cached (a kept answer's serverTime would be old).
  app.get(RADIO_PATHS.current, {
    schema: {
      tags,
      summary:
        'The station’s current track as the radio socket sends it to a listener joining now (startAtSecs, startedAt and serverTime as of now); null while the station has nothing to play',
      querystring: stationQuery,
      response: { 200: radioCurrentSchema },
    },
    config: { access: 'public' },
    handler: (request) => feed.snapshot(request.query.station),
  });

  app.get(RADIO_PATHS.history, {
    schema: {
      tags,
      summary: 'The tracks the station played before the current one, newest first (the last 20), each with its listeners’ reactions',
      querystring: stationQuery,
      response: { 200: radioHistorySchema },
    },
    // The same for every visitor: the read cache, browsers and nginx may keep it for READ_CACHE_MS (a track
    // that ended since is still pushed over the socket, and the screen merges both: web/lib/radio.ts).
    config: { access: 'public', readCache: true, readCacheViewer: 'nothing' },
    handler: (request) => radio.history(request.query.station),
  });

  app.get(RADIO_PATHS.listeners, {
    schema: {
      tags,
      summary:
        'Radio sockets listening to each station now, across every instance (refreshed every few seconds, served from memory for 2 s)',
      response: { 200: radioListenersSchema },
    },
    config: { access: 'public' },
    handler: () => listeners.read(),
  });

  // An unknown station closes the socket with the query's first issue as the reason (the gateway). A
  // joiner gets the track the feed read last, as of now: no database read per connection; with
  // `crowd=1`, then that track's reactions and votes as last sent here.
  const tracks = gateway.channel({
    path: RADIO_PATHS.socket,
    query: radioSocketQuery,
    group: (query: z.infer<typeof radioSocketQuery>) => query.station,
    snapshot: async (query) => {
      const track = await feed.snapshot(query.station);
      if (query.crowd !== '1') return track;
      return new SnapshotMessages([track, track && crowd.snapshot(query.station, track.startedAt)]);
    },
    membersChanged: () => listeners.changed(),
    receive: { schema: radioClientMessageSchema, handle: (message, member) => crowd.receive(message, member) },
  });

  // The /radio page's count: the sums now (the GET's, at most LISTENERS_CACHE_MS old and re-read after
  // every change), then each new sum (listener-push.ts).
  const counts = gateway.channel({
    path: RADIO_PATHS.listenersSocket,
    query: listenersSocketQuery,
    group: () => LISTENERS_GROUP,
    snapshot: () => listeners.read(),
  });
  return { tracks, counts };
}
