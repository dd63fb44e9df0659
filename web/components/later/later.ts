import { useEffect, useState } from 'react';

/**
 * Shell parts the first screen does not need (the menus' dropdowns, tooltips, the search box, the
 * toasts' host) are lazy chunks, fetched at the visitor's first interaction, or once the first screen
 * is done (`startLater`: its requests answered and its first images in) and a quiet spell has passed,
 * in an idle moment, whichever comes first. The spell keeps their ~250 kB of script from being
 * evaluated right behind the first screen, where its long tasks made the page slow to answer
 * (issue 23: Lighthouse's total blocking time rose 100-250 ms when they loaded at the first idle moment). They are in place before anyone can use them, yet out of the first download
 * and the first render, and they do not compete with the largest image (issue 23: home JS ≤ 150 kB
 * gzip, LCP). Until one arrives, its component shows a look-alike (`useLater` is undefined meanwhile).
 */

/** A module loaded after start-up: `ready` resolves with it, `load()` asks for it at once (a click that needs it). */
export interface Later<T> {
  load(): Promise<T>;
  readonly ready: Promise<T>;
  /** The module once it has arrived */
  current(): T | undefined;
}

const waiting: (() => unknown)[] = [];
let started = typeof window === 'undefined';

function startAll(): void {
  if (started) return;
  started = true;
  for (const load of waiting.splice(0)) load();
}

/** At the latest this long after the page's load event, whatever the first screen still waits for. */
const START_AT_THE_LATEST_MS = 8000;
/** How long the first screen's above-the-fold images (fetchpriority high) may delay the start */
const IMAGES_WAIT_MS = 3000;
/**
 * How long after the first screen is done (data and images in) the late parts wait for an idle moment:
 * a phone still lays out and decodes the first screen then; a visitor who points or types meanwhile starts them at once.
 */
const QUIET_SPELL_MS = 4000;
/** Once the spell is over, the longest wait for an idle moment */
const IDLE_TIMEOUT_MS = 4000;

if (!started) {
  for (const type of ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin']) {
    window.addEventListener(type, startAll, { once: true, passive: true, capture: true });
  }
  const fallback = () => setTimeout(startAll, START_AT_THE_LATEST_MS);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
}

let settling = false;

/**
 * The first screen is on the page with its data (the app calls this when no request is in flight):
 * once its high-priority images are in, the late parts load in the next idle moment.
 */
export function startLater(): void {
  if (started || settling) return;
  settling = true;
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((image) => !image.complete);
  const imagesIn = Promise.all(
    images.map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(startAll, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(startAll, 50);
  void Promise.race([imagesIn, new Promise((resolve) => setTimeout(resolve, IMAGES_WAIT_MS))]).then(() =>
    setTimeout(whenIdle, QUIET_SPELL_MS),
  );
}

/** `load` runs after start-up (see above), or sooner through `load()`. */
export function later<T>(load: () => Promise<T>): Later<T> {
  let value: T | undefined;
  let resolve: (module: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const ready = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Nobody may wait on it (a look-alike that never mounted): a failure is then only logged by `useLater`.
  ready.catch(() => undefined);
  let asked = false;
  const ask = () => {
    if (asked) return ready;
    asked = true;
    load().then((module) => {
      value = module;
      resolve(module);
    }, reject);
    return ready;
  };
  if (started) ask();
  else waiting.push(ask);
  return { load: ask, ready, current: () => value };
}

/** The module once it has arrived (re-renders then); undefined before. A failed load stays undefined (the look-alike stays). */
export function useLater<T>(module: Later<T>): T | undefined {
  const [value, setValue] = useState(module.current);
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    module.ready.then(
      (loaded) => live && setValue(() => loaded),
      (error: unknown) => console.error('A part of the page could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [module, value]);
  return value;
}
