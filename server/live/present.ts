import type { Live } from '../../common/api';
import type { LiveCheck } from './queries';

export const OFFLINE: Live = { live: false, title: null, startedAt: null };

/** A stored check as the API shows it; an offline channel shows no last title or start. */
export function presentLive(check: Pick<LiveCheck, 'live' | 'title' | 'startedAt'> | undefined): Live {
  if (!check?.live) return OFFLINE;
  return { live: true, title: check.title ?? null, startedAt: check.startedAt?.toISOString() ?? null };
}
