import { describe, expect, it } from 'vitest';
import { testClock } from '../testing/clock';
import { createLikedSets } from './liked-sets';

/** The per-user liked ids, over a stand-in loader whose answers the test releases by hand. */
function setup() {
  const clock = testClock();
  const stored = new Map<number, { kind: string; itemId: number }[]>();
  const pending: (() => void)[] = [];
  let loads = 0;
  let hold = false;
  const sets = createLikedSets({
    now: clock.now,
    ttlMs: 1_000,
    load: async (userId) => {
      loads++;
      const rows = [...(stored.get(userId) ?? [])];
      if (hold) await new Promise<void>((resolve) => pending.push(resolve));
      return rows;
    },
  });
  return {
    sets,
    clock,
    stored,
    loads: () => loads,
    hold: (on: boolean) => {
      hold = on;
    },
    release: () => {
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}

describe('liked sets', () => {
  it('loads a user once, by kind, until forgotten or expired', async () => {
    const t = setup();
    t.stored.set(1, [
      { kind: 'media', itemId: 5 },
      { kind: 'clips', itemId: 6 },
    ]);
    expect([...(await t.sets.of(1, 'media'))]).toEqual([5]);
    expect([...(await t.sets.of(1, 'clips'))]).toEqual([6]);
    expect((await t.sets.of(1, 'streams')).size).toBe(0);
    expect(t.loads()).toBe(1);
    t.stored.set(1, [{ kind: 'media', itemId: 8 }]);
    t.sets.forget(1);
    expect([...(await t.sets.of(1, 'media'))]).toEqual([8]);
    expect(t.loads()).toBe(2);
    t.clock.advance(1_001);
    await t.sets.of(1, 'media');
    expect(t.loads()).toBe(3);
  });

  it('shares one load between concurrent reads, and does not keep a load that a like overtook', async () => {
    const t = setup();
    t.stored.set(2, [{ kind: 'media', itemId: 1 }]);
    t.hold(true);
    const first = t.sets.of(2, 'media');
    const second = t.sets.of(2, 'media');
    // The user likes another song while their likes are being read.
    t.stored.set(2, [
      { kind: 'media', itemId: 1 },
      { kind: 'media', itemId: 2 },
    ]);
    t.sets.forget(2);
    t.release();
    expect([...(await first)]).toEqual([1]);
    expect([...(await second)]).toEqual([1]);
    expect(t.loads()).toBe(1);
    t.hold(false);
    expect([...(await t.sets.of(2, 'media'))]).toEqual([1, 2]);
  });
});
