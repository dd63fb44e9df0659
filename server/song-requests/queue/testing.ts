import type { Db } from '../../db/client';
import { flipRequests } from '../../db/schema';
import { enqueuePaidFlip } from '../flip/queries';

/**
 * Queued flips written straight to the database, as a settled payment writes them (without the
 * payment, and without announcing them: callers seed before they watch).
 */
export async function seedQueuedFlips(db: Db, count: number, start = new Date('2026-03-01T12:00:00Z')): Promise<void> {
  for (let i = 0; i < count; i++) {
    const at = new Date(start.getTime() + i * 1_000);
    const [request] = await db
      .insert(flipRequests)
      .values({
        sid: `seed-${Date.now()}-${i}-${Math.random().toString(36).slice(2)}`,
        videoId: `vid${String(i).padStart(8, '0')}`,
        title: `Seeded flip ${i + 1}`,
        author: 'Someone',
        durationSeconds: 200,
        username: `fan-${i + 1}`,
        amountCents: 2000,
        currency: 'USD',
        expiresAt: new Date(at.getTime() + 3_600_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await enqueuePaidFlip(db, request!, at, 'queued');
  }
}
