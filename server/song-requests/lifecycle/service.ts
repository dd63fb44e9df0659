import type { RejectBody, RequestDecision } from '../../../common/request-lifecycle';
import { REFUNDING_STATES, REJECTABLE_STATES } from '../../../common/request-states';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import { notFound } from '../../http/errors';
import type { Logger } from '../../jobs/runner';
import type { PaymentsSlice, Tx } from '../../payments';
import { setFlipQueueState } from '../flip/queries';
import type { QueueWriter } from '../queue';
import { setSampleState } from '../sample/queries';
import { admin, createTransitions, SYSTEM } from '../transitions';
import { presentDecision, presentHeld, presentRefunding } from './present';
import { heldRequests, type RequestRef, refundingRequests, requestRef, setRefundError } from './queries';

/**
 * The streamer's control room (issue 19): approve a held request (a flip to the queue, a sample to
 * the sample player), reject a held or queued one, which refunds it in full through PayPal, and
 * retry the refunds PayPal refused. Every decision takes the history row's lock through the
 * lifecycle's `move`, so two admins clicking at once make one change and the other is answered the
 * state it found; a flip's decision takes the queue's lock first, as every queue writer does.
 */

export interface LifecycleDeps {
  db: Db;
  events: Pick<EventBus, 'publish'>;
  queue: QueueWriter;
  payments: Pick<PaymentsSlice, 'refundRequest'>;
  now: () => Date;
  log: Logger;
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

export function createLifecycle(deps: LifecycleDeps) {
  const { db, events, queue } = deps;
  const transitions = createTransitions(events);

  async function find(id: number): Promise<RequestRef> {
    const row = await requestRef(db, id);
    if (!row) throw notFound('This request does not exist');
    return row;
  }

  /** Runs a decision in one transaction; a flip's under the queue's lock, announcing a new queue when it changed what the queue shows. */
  async function decide(row: RequestRef, work: (tx: Tx) => Promise<{ moved: boolean; queueChanged: boolean }>): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (row.sampleRequestId !== null) return (await work(tx)).moved;
      let moved = false;
      await queue.change(tx, async () => {
        const result = await work(tx);
        moved = result.moved;
        return result.queueChanged;
      });
      return moved;
    });
  }

  async function answer(id: number, changed: boolean): Promise<RequestDecision> {
    return presentDecision(await find(id), changed);
  }

  /** Gives the money back; a refusal is kept on the request (refund_failed, PayPal's words) for the retry job and the admins. */
  async function refund(row: RequestRef): Promise<void> {
    const [kind, ref] = row.flipRequestId !== null ? (['flip', row.flipRequestId] as const) : (['sample', row.sampleRequestId] as const);
    const outcome = await deps.payments.refundRequest(kind, String(ref));
    // Refunded: the payment's reverse moved the request on (refunded); pending: PayPal's webhook will.
    if (outcome.status !== 'failed') return;
    deps.log.warn(`request ${row.id}: the refund failed, retried later: ${outcome.message}`);
    const at = deps.now();
    await db.transaction(async (tx) => {
      const { previous } = await transitions.move(tx, row.id, {
        from: ['rejected'],
        to: 'refund_failed',
        by: SYSTEM,
        at,
        note: outcome.message,
      });
      if (previous === 'rejected' || previous === 'refund_failed') await setRefundError(tx, row.id, outcome.message, at);
    });
  }

  return {
    async held() {
      return (await heldRequests(db)).map(presentHeld);
    },

    /** Rejected requests whose money is not back yet: what the admins are shown and the job retries. */
    async refunding() {
      return (await refundingRequests(db)).map(presentRefunding);
    },

    async approve(id: number, userId: number): Promise<RequestDecision> {
      const row = await find(id);
      const by = admin(userId);
      const changed = await decide(row, async (tx) => {
        const at = deps.now();
        const { moved } = await transitions.move(tx, id, { from: ['held'], to: 'queued', by, at });
        if (!moved) return { moved, queueChanged: false };
        if (row.sampleRequestId !== null) {
          await setSampleState(tx, row.sampleRequestId, 'paid', at);
          await events.publish(tx, 'sample.paid', { sampleRequestId: row.sampleRequestId });
        } else {
          await setFlipQueueState(tx, id, 'queued', at);
        }
        return { moved, queueChanged: true };
      });
      return answer(id, changed);
    },

    /** Out of the queue and the player at once; then the refund, whose outcome the answer carries. */
    async reject(id: number, userId: number, body: RejectBody): Promise<RequestDecision> {
      const row = await find(id);
      const reason = body.reason?.trim() || null;
      const changed = await decide(row, async (tx) => {
        const at = deps.now();
        const { previous, moved } = await transitions.move(tx, id, {
          from: REJECTABLE_STATES,
          to: 'rejected',
          by: admin(userId),
          at,
          note: reason,
        });
        if (!moved) return { moved, queueChanged: false };
        await transitions.setRejection(tx, id, reason, Boolean(reason && body.showReason));
        if (row.sampleRequestId !== null) await setSampleState(tx, row.sampleRequestId, 'rejected', at);
        else await setFlipQueueState(tx, id, 'rejected', at);
        return { moved, queueChanged: previous === 'queued' };
      });
      if (changed) await refund(row);
      return answer(id, changed);
    },

    /** Refunds a request the limits turned away at its capture (request.refund, on the instance that wrote it). */
    async refundTurnedAway(id: number): Promise<void> {
      const row = await requestRef(db, id);
      if (row && (REFUNDING_STATES as readonly string[]).includes(row.state)) await refund(row);
    },

    /** The retry job's run: refunds not done this long after their last try are tried again (the same PayPal-Request-Id). */
    async retryRefunds(olderThan: Date, signal?: AbortSignal): Promise<{ tried: number }> {
      const due = await refundingRequests(db, olderThan);
      for (const row of due) {
        signal?.throwIfAborted();
        if (!(REFUNDING_STATES as readonly string[]).includes(row.state)) continue;
        await refund(row);
        // Tried: the next try waits a full period (a pending refund waits for PayPal's webhook between tries).
        const fresh = await requestRef(db, row.id);
        if (fresh && (REFUNDING_STATES as readonly string[]).includes(fresh.state))
          await setRefundError(db, row.id, fresh.refundError, deps.now());
      }
      return { tried: due.length };
    },
  };
}
