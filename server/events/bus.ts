import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { type Listener, listen } from './listener';
import { type Executor, notify } from './queries';
import { EVENTS_CHANNEL, type EventName, type EventPayload, envelopeSchema, eventSchemas, MAX_PAYLOAD_BYTES } from './types';

/**
 * The event bus (design: "Real time and jobs"). `publish` is a `pg_notify` on the caller's own
 * connection: inside a transaction PostgreSQL (and PGlite) deliver it only when the transaction
 * commits, so an event never announces a write that was rolled back. Every instance hears every
 * event through LISTEN, its own included. After the listening connection was lost and is back,
 * `onResync` handlers run: they re-read whatever they show, since notifications sent meanwhile
 * are gone. `stats()` counts what this instance heard and how often it listened again (GET /metrics).
 */

export type { Executor };

export interface Delivery<E extends EventName> {
  payload: EventPayload<E>;
  /** True when this instance published it */
  local: boolean;
}

type Handler<E extends EventName> = (delivery: Delivery<E>) => void | Promise<void>;

export interface BusLog {
  warn(message: string): void;
  error(message: string): void;
}

/** The payload would not fit in a NOTIFY: an event must carry ids and versions, never rows. */
export class EventTooLargeError extends Error {
  constructor(event: string, bytes: number) {
    super(`Event ${event} is ${bytes} bytes; NOTIFY payloads must stay under 8,000 bytes`);
  }
}

export type EventBus = ReturnType<typeof createEventBus>;

/** The name notifications that are not one of our events are counted under */
export const MALFORMED = '(malformed)';

export function createEventBus(options: {
  database: Database;
  log: BusLog;
  backoffMs?: number;
  /** Liveness probes of the listening connection (tests shorten them) */
  probeEveryMs?: number;
  probeTimeoutMs?: number;
}) {
  const { database, log } = options;
  const instance = randomUUID();
  const handlers = new Map<EventName, Set<Handler<EventName>>>();
  const resyncHandlers = new Set<() => void | Promise<void>>();
  let listener: Listener | null = null;
  /** Notifications heard since start, by event name (MALFORMED: not an event of ours) */
  const received = new Map<string, number>();
  let reconnects = 0;
  const heard = (name: string) => received.set(name, (received.get(name) ?? 0) + 1);

  const runSafely = (what: string, run: () => void | Promise<void>) => {
    try {
      Promise.resolve(run()).catch((error: Error) => log.error(`${what} failed: ${error.message}`));
    } catch (error) {
      log.error(`${what} failed: ${(error as Error).message}`);
    }
  };

  function deliver(raw: string) {
    let envelope: { e: string; p: unknown; from: string };
    try {
      envelope = envelopeSchema.parse(JSON.parse(raw));
    } catch {
      heard(MALFORMED);
      log.warn('ignored a malformed event notification');
      return;
    }
    const name = envelope.e as EventName;
    const schema = eventSchemas[name];
    const parsed = schema?.safeParse(envelope.p);
    if (!parsed?.success) {
      heard(MALFORMED);
      log.warn(`ignored an unknown or malformed event: ${envelope.e.slice(0, 60)}`);
      return;
    }
    heard(name);
    for (const handler of handlers.get(name) ?? []) {
      runSafely(`handler of ${name}`, () => handler({ payload: parsed.data, local: envelope.from === instance }));
    }
  }

  return {
    /** This instance's id, as carried in its events */
    instance,

    /** Starts listening; resolves once every instance's events reach this one. */
    async start() {
      if (listener) return;
      listener = listen(database, {
        channel: EVENTS_CHANNEL,
        onNotify: deliver,
        onReconnect: () => {
          reconnects++;
          for (const handler of resyncHandlers) runSafely('event resync', handler);
        },
        log,
        backoffMs: options.backoffMs,
        probeEveryMs: options.probeEveryMs,
        probeTimeoutMs: options.probeTimeoutMs,
      });
      await listener.ready;
    },

    async stop() {
      const current = listener;
      listener = null;
      await current?.close();
    },

    /**
     * Announces `name` to every instance once `executor`'s transaction commits (at once when it is
     * the database itself). Throws if the payload is not the event's shape or too large.
     */
    async publish<E extends EventName>(executor: Executor, name: E, payload: EventPayload<E>): Promise<void> {
      const body = JSON.stringify({ e: name, p: eventSchemas[name].parse(payload), from: instance });
      const bytes = Buffer.byteLength(body);
      if (bytes > MAX_PAYLOAD_BYTES) throw new EventTooLargeError(name, bytes);
      await notify(executor, EVENTS_CHANNEL, body);
    },

    /** Calls `handler` for every `name` event of any instance; answers the unsubscribe. */
    subscribe<E extends EventName>(name: E, handler: Handler<E>): () => void {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      set.add(handler as Handler<EventName>);
      return () => set.delete(handler as Handler<EventName>);
    },

    /** Notifications heard by this instance since start, by event name, and how often its listener reconnected */
    stats: () => ({ received: Object.fromEntries(received) as Record<string, number>, reconnects }),

    /** Calls `handler` after a lost listening connection is back: re-read what may have changed. */
    onResync(handler: () => void | Promise<void>): () => void {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },
  };
}
