import { QUEUE_FULL_MESSAGE } from '../../../common/request-limits';
import type { SessionUser } from '../../accounts/session';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors/domain';
import { type Buyer, type Executor, openRequestsOf, waitingRequests } from './queries';

export type { Buyer, Executor } from './queries';

/**
 * The fair limits of paid requests (issue 19), one place for both kinds: REQUEST_LIMIT_PER_BUYER
 * open requests (held, queued, playing) per buyer, and QUEUE_MAX requests waiting to play (held,
 * queued). VERIFY refuses past either (flip/service.ts, sample/service.ts), before anyone pays;
 * `checkLimits` is the same check for the capture, where two tabs may have passed VERIFY together.
 */

export interface LimitSettings {
  /** REQUEST_LIMIT_PER_BUYER */
  perBuyer: number;
  /** QUEUE_MAX */
  queueMax: number;
}

export type RequestLimits = ReturnType<typeof createRequestLimits>;

/** The buyer of a request: the logged-in user, or when logged out the nickname from this client address. */
export function buyerOf(user: Pick<SessionUser, 'id'> | null, nickname: string, clientAddress: string): Buyer {
  return user ? { userId: user.id } : { nickname, clientAddress };
}

/**
 * The buyer of a stored flip or sample request (the row VERIFY wrote), for the capture-time re-check.
 * A logged-out request from before client addresses were kept (null) is no one's: it is never refused.
 */
export function buyerOfRequest(request: { userId: number | null; username: string; clientAddress: string | null }): Buyer | null {
  if (request.userId !== null) return { userId: request.userId };
  return request.clientAddress === null ? null : { nickname: request.username, clientAddress: request.clientAddress };
}

/** The refusal of a buyer at the limit, saying how many of theirs are open. */
export function perBuyerMessage(open: number, limit: number): string {
  const requests = `${open} ${open === 1 ? 'request' : 'requests'}`;
  if (open === limit) {
    return `You have ${requests} waiting or playing, the most one person may have at once. Try again once one has played.`;
  }
  // The limit was lowered below what the buyer already had.
  return `You have ${requests} waiting or playing, and one person may have ${limit} at most. Try again once ${open - limit + 1} have played.`;
}

export function createRequestLimits(db: Db, settings: LimitSettings) {
  const queueFull = async (executor: Executor = db) => (await waitingRequests(executor)) >= settings.queueMax;

  /**
   * The refusal the limits give this buyer now, or null: the queue first (it refuses everyone, and
   * the pages already show it), then the buyer's own open requests. Counts what is stored through
   * `executor`: inside a settle transaction, call it before the paid request's own history row is
   * written, or that row counts against its buyer.
   */
  async function checkLimits(executor: Executor, buyer: Buyer): Promise<string | null> {
    if (await queueFull(executor)) return QUEUE_FULL_MESSAGE;
    const open = await openRequestsOf(executor, buyer);
    return open >= settings.perBuyer ? perBuyerMessage(open, settings.perBuyer) : null;
  }

  return {
    settings,
    queueFull,
    checkLimits,

    /** VERIFY's check: a 409 with the refusal, before anything is stored or anyone pays. */
    async requireWithinLimits(buyer: Buyer): Promise<void> {
      const refusal = await checkLimits(db, buyer);
      if (refusal) throw new DomainError('conflict', refusal);
    },
  };
}
