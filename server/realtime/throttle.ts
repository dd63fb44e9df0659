/**
 * Runs `run` at most once per `everyMs`: a request when the last run is at least that old runs at
 * once; requests within the window make one more run at its end, however many they are. So a burst
 * (a hundred sockets joining together) costs two runs, not one per request, and a lone request is
 * not delayed. The window is measured on the injected clock; a clock that moved back waits at most
 * one window.
 */
export function createThrottle(run: () => void, everyMs: number, now: () => Date) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  const fire = () => {
    timer = undefined;
    last = now().getTime();
    run();
  };

  return {
    request() {
      if (timer) return;
      const wait = Math.min(Math.max(last + everyMs - now().getTime(), 0), everyMs);
      if (wait === 0) return fire();
      timer = setTimeout(fire, wait);
      timer.unref();
    },
    /** Drops a run that waits for the window's end */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
