import type { RequestState } from '../../../common/request-states';
import type { EventBus } from '../../events';
import type { Tx } from '../../payments';
import { insertTransition, lockState, setFirstPlay, setRejection, setState } from './queries';

export { type TransitionRow, transitionsOf } from './queries';

/**
 * The one way a paid request's state changes (the lifecycle of common/request-states.ts): the
 * history row's lock, the new state, a row of the audit trail saying who and when, and
 * `request.changed` on the bus, all in the caller's transaction, so the three commit together or
 * not at all. The slices that change a request (flip, sample, the queue, the control room) call it.
 */

/** Who made a change: an admin (by user id), the buyer's payment, PayPal (a webhook, its dashboard), or the server (a limit, a job). */
export type Actor = { actor: 'admin'; userId: number } | { actor: 'buyer' } | { actor: 'paypal' } | { actor: 'system' };

export const BUYER: Actor = { actor: 'buyer' };
export const PAYPAL: Actor = { actor: 'paypal' };
export const SYSTEM: Actor = { actor: 'system' };
export const admin = (userId: number): Actor => ({ actor: 'admin', userId });

export interface Change {
  /** The states it may leave; any other state is left as it is (answered, not an error) */
  from: readonly RequestState[];
  to: RequestState;
  by: Actor;
  at: Date;
  /** A rejection's reason, PayPal's refusal of a refund */
  note?: string | null;
}

export type Transitions = ReturnType<typeof createTransitions>;

/**
 * Why a paid request was not accepted, when its buyer may be told (a limit at its capture, or an
 * admin's reason they chose to show): what the capture answers instead of the success banner.
 */
export function turnedAway(history: { state: string; rejectReason: string | null; rejectReasonPublic: boolean }): string | null {
  const notAccepted = history.state === 'rejected' || history.state === 'refund_failed' || history.state === 'refunded';
  return notAccepted && history.rejectReasonPublic ? history.rejectReason : null;
}

export function createTransitions(events: Pick<EventBus, 'publish'>) {
  async function record(tx: Tx, id: number, fromState: RequestState | null, change: Change) {
    await insertTransition(tx, {
      songRequestId: id,
      fromState,
      toState: change.to,
      actor: change.by.actor,
      actorUserId: change.by.actor === 'admin' ? change.by.userId : null,
      note: change.note ?? null,
      at: change.at,
    });
    await events.publish(tx, 'request.changed', { id, state: change.to });
  }

  return {
    /** A new history row's first state (the payment wrote it): its first line of the trail. */
    begin: (tx: Tx, id: number, state: RequestState, by: Actor, at: Date, note?: string) =>
      record(tx, id, null, { from: [], to: state, by, at, note }),

    /**
     * A paid request the limits turned away at its capture (two tabs passed VERIFY together): written
     * rejected, its reason for the buyer, and its refund asked for once the transaction commits
     * (`request.refund`, heard by the lifecycle on this instance).
     */
    async turnAway(tx: Tx, id: number, previous: RequestState | null, reason: string, at: Date) {
      await record(tx, id, previous, { from: [], to: 'rejected', by: SYSTEM, at, note: reason });
      await setRejection(tx, id, reason, true);
      await events.publish(tx, 'request.refund', { id });
    },

    /** An admin's reason for a rejection, and whether the fan's receipt may show it. */
    setRejection,

    /**
     * Moves the request when its state is one of `from`; answers the state before and whether it
     * moved. The row stays locked to the end of the caller's transaction.
     */
    async move(tx: Tx, id: number, change: Change): Promise<{ previous: RequestState | undefined; moved: boolean }> {
      const previous = await lockState(tx, id);
      if (previous === undefined || !change.from.includes(previous) || previous === change.to) return { previous, moved: false };
      await setState(tx, id, change.to, change.at);
      // A flip starts playing; a sample is played by the player in one step.
      if (change.to === 'playing' || (change.to === 'played' && previous !== 'playing')) await setFirstPlay(tx, id, change.at);
      await record(tx, id, previous, change);
      return { previous, moved: true };
    },
  };
}
