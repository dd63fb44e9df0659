import { RADIO_PATHS } from '../../common/constants';
import { stationSchema } from '../../common/radio';
import type { EventBus } from '../events';
import type { App } from '../http/types';
import type { Gateway } from '../realtime/gateway';
import { createCrowd } from './crowd';
import { createRadioFeed } from './feed';
import { createListenerPush } from './listener-push';
import { createListenerCounter } from './listeners';
import { radioRoutes } from './routes';
import { createRadioService, type RadioDeps } from './service';

export type { RadioService } from './service';

/**
 * The radio: its routes and sockets, the feed that re-reads a station after a radio.changed from any
 * instance (or a resync of the bus) and pushes the new track to this instance's listeners, the
 * timers that move a station on when its track ends (armed by `start` once the jobs start:
 * radio/plugin.ts), the listener count, written on joins and leaves and pushed to the /radio
 * pages after every radio.listeners, and the crowd: reactions and votes to skip (crowd.ts).
 */
export function registerRadio(app: App, deps: RadioDeps & { events: EventBus; gateway: Gateway }) {
  const radio = createRadioService(deps);
  const feed = createRadioFeed({ radio, now: deps.now, log: app.log });
  let channel: ReturnType<typeof radioRoutes> | undefined;
  const listeners = createListenerCounter({
    db: deps.db,
    events: deps.events,
    instance: deps.events.instance,
    sizeOf: (station) => channel?.tracks.size(station) ?? 0,
    usersOf: (station) => loggedIn(channel?.tracks.members(station) ?? []),
    log: app.log,
    now: deps.now,
  });
  const crowd = createCrowd({
    db: deps.db,
    events: deps.events,
    now: deps.now,
    log: app.log,
    channel: () => channel?.tracks,
    playing: (station) => feed.latest(station),
    skip: (station, startedAt) => radio.skip(station, startedAt),
  });
  channel = radioRoutes(app, radio, feed, listeners, crowd, deps.gateway);
  const live = channel.tracks;
  const counts = createListenerPush({ counter: listeners, channel: channel.counts, now: deps.now, log: app.log });
  feed.watch(
    (station, track) => live.broadcast(station, track),
    (station) => live.size(station) > 0,
  );
  deps.events.subscribe('radio.changed', ({ payload }) => {
    // The history is a public read the read cache holds: every instance hears the change and drops it
    // before its listeners hear the new track, so a page that asks again after the push reads it new.
    app.readCache.forget(RADIO_PATHS.history);
    const station = stationSchema.safeParse(payload.station);
    if (!station.success) return;
    void feed.refresh(station.data);
    // A new track: its crowd starts empty, and the listeners learn how many votes it needs.
    crowd.changed(station.data);
  });
  deps.events.subscribe('radio.crowd', ({ payload }) => {
    const station = stationSchema.safeParse(payload.station);
    if (!station.success) return;
    // Reactions written just after their track ended belong to the history, which the read cache holds.
    if (feed.latest(station.data)?.playId !== payload.playId) app.readCache.forget(RADIO_PATHS.history);
    crowd.changed(station.data);
  });
  deps.events.subscribe('catalogue.changed', () => void feed.wake());
  // Some instance's listener counts changed: the sum is read again and pushed to the pages here.
  deps.events.subscribe('radio.listeners', () => {
    counts.changed();
    // Who is logged in and listening changed somewhere: the votes a skip needs may have too.
    crowd.changed();
  });
  // Notifications sent while the bus was reconnecting are gone: read every station and the sum again.
  deps.events.onResync(() => {
    app.readCache.forget(RADIO_PATHS.history);
    void feed.refreshAll();
    counts.changed();
    crowd.changed();
  });
  /** Timers off, the due-checks and reads under way finished, this instance's listeners out of the sum. */
  const stop = async () => {
    await crowd.stop();
    await feed.stop();
    counts.stop();
    await listeners.stop();
  };
  app.addHook('onClose', stop);
  return {
    radio,
    feed,
    listeners,
    crowd,
    /** Arms this instance's timers and starts counting its listeners (after the jobs start; tests that let tracks end by themselves) */
    start: async () => {
      listeners.start();
      await feed.start();
    },
    /** Before the jobs stop (radio/plugin.ts): an advance under way still holds the jobs' lock, and the database must outlive it */
    stop,
  };
}

export type RadioSlice = ReturnType<typeof registerRadio>;

/** The logged-in users among a station's sockets, each once. */
function loggedIn(members: { userId: number | null }[]): number[] {
  return [...new Set(members.flatMap((member) => (member.userId === null ? [] : [member.userId])))];
}
