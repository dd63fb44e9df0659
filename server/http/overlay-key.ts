import type { FastifyRequest } from 'fastify';
import { hashMatches, hashToken } from '../accounts/session';
import { forbidden, unauthorized } from './errors';

/**
 * The overlay key (OVERLAY_KEY; the demo key in demo mode): what the streamer's overlay pages carry
 * in `?key=`, since OBS holds no login. Compared in constant time; with no key configured no overlay
 * call is allowed.
 */
export function overlayKeyMatches(configured: string | null, presented: string | undefined): boolean {
  return configured !== null && hashMatches(presented, hashToken(configured));
}

/** An admin's session or the overlay key; else 401 (nothing presented) or 403 (a wrong key). */
export function requireAdminOrOverlayKey(request: FastifyRequest, configured: string | null, presented: string | undefined): void {
  if (request.user?.admin || overlayKeyMatches(configured, presented)) return;
  if (presented) throw forbidden('This overlay key is not valid');
  if (request.user) throw forbidden('Only admins can do that');
  throw unauthorized('Log in as an admin, or open it with the overlay key');
}
