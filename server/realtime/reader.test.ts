import { describe, expect, it } from 'vitest';
import { createCoalescedReader } from './reader';

/**
 * The coalesced re-read behind the queue's and the radio's sockets: a refresh is a change announced
 * on the bus, and none may be lost, whenever it comes. The reads are gated by the tests, never timed.
 */

function gatedReader() {
  let reads = 0;
  const gates: (() => void)[] = [];
  const seen: number[] = [];
  const hooks = { afterDeliver: (_value: number) => {} };
  const reader = createCoalescedReader<number>({
    read: async () => {
      const value = ++reads;
      await new Promise<void>((open) => gates.push(open));
      return value;
    },
    wanted: () => true,
    deliver: (value) => {
      seen.push(value);
      hooks.afterDeliver(value);
    },
    failed: (error) => {
      throw error;
    },
    retryMs: 1,
    maxRetryMs: 1,
  });
  /** Lets the oldest read that waits at its gate answer. */
  const open = async () => {
    while (gates.length === 0) await Promise.resolve();
    gates.shift()!();
  };
  return { reader, seen, hooks, open, reads: () => reads };
}

describe('coalesced reader', () => {
  it('reads once more after a read when changes were announced during it', async () => {
    const { reader, seen, open, reads } = gatedReader();
    const first = reader.refresh();
    // Two changes announced while the first read waits at its gate: one more read covers both.
    await reader.refresh();
    await reader.refresh();
    await open();
    await open();
    await first;
    expect(seen).toEqual([1, 2]);
    expect(reads()).toBe(2);
    expect(reader.inFlight()).toBeNull();
  });

  it('loses no change announced just after a read delivered, before the reader is idle again (how PGlite hands over a notification: a microtask)', async () => {
    const { reader, seen, hooks, open } = gatedReader();
    // PGlite's listen() calls its callbacks with queueMicrotask: a notification of a commit that ran
    // while this read finished reaches the feed in a microtask after the delivery.
    hooks.afterDeliver = (value) => {
      if (value === 1) queueMicrotask(() => void reader.refresh());
    };
    const first = reader.refresh();
    await open();
    await first;
    // The announcement either made the first read go round once more or started a read of its own.
    const owed = reader.inFlight();
    expect(owed).not.toBeNull();
    await open();
    await owed;
    expect(seen).toEqual([1, 2]);
  });

  it('is idle again after a refresh that found nobody listening', async () => {
    const reader = createCoalescedReader<number>({
      read: async () => 1,
      wanted: () => false,
      deliver: () => {
        throw new Error('nobody listens');
      },
      failed: () => {},
      retryMs: 1,
      maxRetryMs: 1,
    });
    await reader.refresh();
    expect(reader.inFlight()).toBeNull();
    await reader.refresh();
    expect(reader.inFlight()).toBeNull();
  });
});
