/**
 * A clock tests move by hand, for code that takes an injected `now`: a test moves time instead of
 * waiting for it (a radio track's end, a cache's expiry).
 */
export function testClock(start = new Date('2026-06-01T12:00:00Z')) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
    set(to: Date) {
      at = to.getTime();
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;
