import { and, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATES, WAITING_REQUEST_STATES } from '../../../common/request-states';
import type { Db } from '../../db/client';
import { flipRequests, sampleRequests, songRequests } from '../../db/schema';
import type { Tx } from '../../payments';

/**
 * All SQL of the fair limits. Both count history rows (song_requests, where a paid request's
 * lifecycle state lives) of both kinds; a buyer is found through the flip or sample request a row
 * records. Rows from before paid requests name neither and count for no one.
 */

/** The database, or the transaction of a payment's settlement (the capture-time re-check). */
export type Executor = Db | Tx;

/** Who pays: a logged-in user, or a nickname from one client address. */
export type Buyer = { userId: number } | { nickname: string; clientAddress: string };

/** The buyer's condition on one kind's request table: its user, or (logged out) its nickname, any case, and address. */
function boughtBy(table: typeof flipRequests | typeof sampleRequests, buyer: Buyer): SQL {
  if ('userId' in buyer) return eq(table.userId, buyer.userId);
  return and(
    isNull(table.userId),
    eq(sql`lower(${table.username})`, buyer.nickname.toLowerCase()),
    eq(table.clientAddress, buyer.clientAddress),
  )!;
}

/** How many of the buyer's requests, flips and samples together, are open (held, queued, playing). */
export async function openRequestsOf(db: Executor, buyer: Buyer): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(songRequests)
    .leftJoin(flipRequests, eq(flipRequests.id, songRequests.flipRequestId))
    .leftJoin(sampleRequests, eq(sampleRequests.id, songRequests.sampleRequestId))
    .where(and(inArray(songRequests.state, [...OPEN_REQUEST_STATES]), or(boughtBy(flipRequests, buyer), boughtBy(sampleRequests, buyer))));
  return row!.open;
}

/** How many requests, flips and samples together, wait to play (held, queued): what QUEUE_MAX bounds. */
export async function waitingRequests(db: Executor): Promise<number> {
  const [row] = await db
    .select({ waiting: count() })
    .from(songRequests)
    .where(inArray(songRequests.state, [...WAITING_REQUEST_STATES]));
  return row!.waiting;
}
