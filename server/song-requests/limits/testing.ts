import type { RequestState } from '../../../common/request-states';
import type { Db } from '../../db/client';
import { flipRequests, songRequests } from '../../db/schema';
import { buildPaidSample } from '../../testing/factories';

/**
 * Paid requests of either kind in any lifecycle state, written straight to the database as settle
 * and the lifecycle leave them: the flip or sample request (whose buyer the limits read) and its
 * history row (whose state they count).
 */

export interface RequestOverrides {
  kind?: 'flip' | 'sample';
  state?: RequestState;
  /** The nickname, or the logged-in user's display name */
  username?: string;
  userId?: number | null;
  clientAddress?: string | null;
}

let n = 0;

export async function buildRequest(db: Db, overrides: RequestOverrides = {}): Promise<{ historyId: number }> {
  const { kind = 'flip', state = 'queued', username = 'Night-Owl', userId = null, clientAddress = '203.0.113.7' } = overrides;
  n += 1;
  const buyer = { username, userId, clientAddress };
  if (kind === 'sample') {
    const sample = await buildPaidSample(db, { sid: `limits-sample-${n}-${Math.random()}`, ...buyer });
    return history(db, { sampleRequestId: sample.id, videoId: '', title: 'Voice sample (1.0 s)', username, state });
  }
  const [flip] = await db
    .insert(flipRequests)
    .values({
      sid: `limits-flip-${n}-${Math.random()}`,
      videoId: `limits${String(n).padStart(5, '0')}`,
      title: `Flip ${n}`,
      author: 'Someone',
      durationSeconds: 200,
      amountCents: 2000,
      currency: 'USD',
      expiresAt: new Date(Date.now() + 3_600_000),
      ...buyer,
    })
    .returning();
  return history(db, { flipRequestId: flip!.id, videoId: flip!.videoId, title: flip!.title, username, state });
}

async function history(db: Db, values: typeof songRequests.$inferInsert): Promise<{ historyId: number }> {
  const [row] = await db.insert(songRequests).values(values).returning({ id: songRequests.id });
  return { historyId: row!.id };
}

/** Many requests of one kind and state, each from a buyer of its own (filling the queue). */
export async function buildRequests(db: Db, count: number, overrides: RequestOverrides = {}): Promise<void> {
  for (let i = 0; i < count; i++) await buildRequest(db, { username: `fan-${n + 1}`, ...overrides });
}
