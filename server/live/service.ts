import type { Live } from '../../common/api';
import type { Db } from '../db/client';
import { OFFLINE, presentLive } from './present';
import { readLiveStatus } from './queries';

/**
 * What /api/live answers: the stored status only (live/poll.ts keeps it), so a visitor never waits
 * on Twitch. A status the poll has not confirmed for `staleAfterMs` is not shown as live: the checks
 * have been failing and the stream may well be over.
 */
export async function currentLive(db: Db, staleAfterMs: number, now = Date.now()): Promise<Live> {
  const row = await readLiveStatus(db);
  const fresh = row?.checkedAt ? now - row.checkedAt.getTime() < staleAfterMs : false;
  return fresh ? presentLive(row) : OFFLINE;
}
