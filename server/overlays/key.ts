import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { forbidden } from '../http/errors';

/**
 * The one check of overlay keys (every overlay, its HTTP reads and its sockets). Overlays run in
 * OBS, where nobody logs in, so the page URL carries a secret: OVERLAY_KEY, or in demo mode the
 * fixed DEMO_OVERLAY_KEY (config.ts). In production without OVERLAY_KEY every overlay is refused.
 */

export const WRONG_KEY = 'Wrong or missing overlay key';
export const NO_KEY = 'Overlays are not set up on this site (OVERLAY_KEY)';

export type OverlayAccess = ReturnType<typeof createOverlayAccess>;

export function createOverlayAccess(config: Config) {
  const key = config.overlayKey;
  const expected = key === null ? null : Buffer.from(key);

  /** Why `candidate` may not see overlays, or null when it may. */
  function refusal(candidate: unknown): string | null {
    if (expected === null) return NO_KEY;
    if (typeof candidate !== 'string') return WRONG_KEY;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected) ? null : WRONG_KEY;
  }

  return {
    /** The configured key (null: overlays off), for the links shown to admins */
    key,
    refusal,
    /** Throws a 403 with a short message unless `candidate` is the key. */
    require(candidate: unknown): void {
      const why = refusal(candidate);
      if (why !== null) throw forbidden(why);
    },
  };
}
