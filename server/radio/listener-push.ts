import { z } from 'zod';
import type { RadioListeners } from '../../common/radio';
import type { Channel } from '../realtime/gateway';
import { createRetryingReader } from '../realtime/reader';
import { createThrottle } from '../realtime/throttle';
import { LISTENERS_COALESCE_MS, type ListenerCounter } from './listeners';

/**
 * Pushes the listener count to this instance's sockets of /api/ws/radio/listeners (the /radio
 * pages). After a `radio.listeners` from any instance (its counts changed) or a resync of the bus,
 * the sum is read again and sent to them: at most one read per LISTENERS_COALESCE_MS, one at a time
 * (a burst of joins anywhere costs two reads here), none while no page here shows the count. A
 * failed read is tried again with the reader's doubling waits. The GET's cached sum is the one read.
 */

/** The channel has one group: every page gets both stations' sums, the GET's shape. */
export const LISTENERS_GROUP = 'all';
export const listenersSocketQuery = z.object({});

export interface ListenerPushOptions {
  counter: Pick<ListenerCounter, 'fresh' | 'forget'>;
  channel: Pick<Channel, 'broadcast' | 'size'>;
  now: () => Date;
  log: { error(message: string): void };
  coalesceMs?: number;
}

export function createListenerPush(options: ListenerPushOptions) {
  const { counter, channel } = options;
  const reader = createRetryingReader<RadioListeners>({
    what: 'radio listener count',
    log: options.log,
    read: () => counter.fresh(),
    wanted: () => channel.size(LISTENERS_GROUP) > 0,
    deliver: (sums) => channel.broadcast(LISTENERS_GROUP, sums),
  });
  const throttle = createThrottle(() => void reader.refresh(), options.coalesceMs ?? LISTENERS_COALESCE_MS, options.now);
  let stopped = false;
  return {
    /** Some instance's counts changed (or notifications may have been lost): read the sum again and push it. */
    changed() {
      counter.forget();
      if (!stopped) throttle.request();
    },
    /** No more reads (the instance stops; its own stop's announcement included) */
    stop() {
      stopped = true;
      throttle.cancel();
      reader.stop();
    },
  };
}
