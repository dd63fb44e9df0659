import type { Queue } from '../../../common/queue';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import { notFound } from '../../http/errors';
import type { Tx } from '../../payments';
import { createRetryingReader } from '../../realtime/reader';
import { type Actor, createTransitions } from '../transitions';
import { presentQueueItem } from './present';
import { bumpVersion, finishPlaying, lockNextQueued, lockQueue, queueVersion, readQueue, startPlaying } from './queries';

/**
 * The flip queue: its reads, NEXT / Set playing, and the one way every writer changes it
 * (`change`): the queue's lock first, then the work, then a new version announced as
 * `queue.changed` in the same transaction, so the event fires exactly when the change commits.
 */

export interface QueueDeps {
  db: Db;
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
}

/** What another slice needs to change the queue inside its own transaction (flip's payment handlers). */
export interface QueueWriter {
  /** Runs `work` holding the queue's lock; when it answers true, bumps the version and publishes queue.changed. */
  change(tx: Tx, work: () => Promise<boolean>): Promise<void>;
}

export type QueueService = ReturnType<typeof createQueueService>;

export function createQueueService(deps: QueueDeps) {
  const { db, events } = deps;
  const transitions = createTransitions(events);

  async function change(tx: Tx, work: () => Promise<boolean>): Promise<void> {
    await lockQueue(tx);
    if (!(await work())) return;
    const version = await bumpVersion(tx, deps.now());
    await events.publish(tx, 'queue.changed', { version });
  }

  const read = async (): Promise<Queue> => (await readQueue(db)).map(presentQueueItem);

  return {
    change,
    read,
    /** The current version (tests and benchmarks compare it) */
    version: () => queueVersion(db),

    /**
     * NEXT REQUEST (no id) or Set playing (an id): what plays becomes played and the chosen queued
     * entry plays. Under the queue's lock, so concurrent presses each advance by one, in turn.
     */
    async next(id: number | undefined, by: Actor): Promise<Queue> {
      return db.transaction(async (tx) => {
        await change(tx, async () => {
          const entry = await lockNextQueued(tx, id);
          if (id !== undefined && !entry) throw notFound('This request is not in the queue');
          const at = deps.now();
          const finished = await finishPlaying(tx, at);
          for (const songRequestId of finished) await transitions.move(tx, songRequestId, { from: ['playing'], to: 'played', by, at });
          if (entry) {
            await startPlaying(tx, entry, at);
            await transitions.move(tx, entry.songRequestId, { from: ['queued'], to: 'playing', by, at });
          }
          return finished.length > 0 || entry !== undefined;
        });
        // Read under the lock: the queue this press made, not one a later press already moved on.
        return (await readQueue(tx)).map(presentQueueItem);
      });
    },
  };
}

/**
 * Turns a burst of queue.changed events into as few reads as possible (realtime/reader.ts): while a read runs, further
 * events only mark it stale, and one more read follows; each read goes to every watcher. Nothing
 * is read while nobody watches (no socket on this instance).
 */
export function createQueueFeed(
  read: () => Promise<Queue>,
  log: { error(message: string): void },
  options: { retryMs?: number; maxRetryMs?: number } = {},
) {
  const watchers = new Set<{ deliver: (queue: Queue) => void; wanted: () => boolean }>();
  // A change the sockets have not seen may be behind a failed read (a lost connection): it reads
  // again with doubling backoff until a read succeeds, so no socket keeps an old queue.
  const reader = createRetryingReader({
    read,
    wanted: () => [...watchers].some((watcher) => watcher.wanted()),
    deliver: (queue: Queue) => {
      for (const watcher of watchers) watcher.deliver(queue);
    },
    what: 'queue',
    log,
    ...options,
  });

  return {
    refresh: reader.refresh,
    /** Calls `deliver` with the queue after every change while `wanted()` says someone listens. */
    watch(deliver: (queue: Queue) => void, isWanted: () => boolean): () => void {
      const watcher = { deliver, wanted: isWanted };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
}

export type QueueFeed = ReturnType<typeof createQueueFeed>;
