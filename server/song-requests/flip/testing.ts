import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { flipQueue, flipRequests, songRequests } from '../../db/schema';
import { type PaidKindAdapter, paidSteps } from '../../payments/testing';
import type { SandboxedApp } from '../../sandbox/testing';
import { insertFlipRequest } from './queries';
import { FLIP_PRICE_CENTS } from './service';

/** Steps of a flip request against a sandboxed app, for the flip tests and the shared paid-request tests. */

export const VIDEO_LINK = 'https://www.youtube.com/watch?v=aB3-_xYz901';

export function flipSteps(t: SandboxedApp) {
  const steps = paidSteps(t, { create: '/api/requests/flip/create', capture: '/api/requests/flip/capture' });

  return {
    ...steps,

    async validate(username = 'Night-Owl', mediaUrl = VIDEO_LINK): Promise<string> {
      const res = await steps.post('/api/requests/flip/validate', { mediaUrl, username });
      if (res.statusCode !== 200) throw new Error(`validate answered ${res.statusCode}: ${res.body}`);
      return res.json().sid as string;
    },

    /** The flip request of a sid, its queue row and its history rows. */
    async rowsOf(sid: string) {
      const [request] = await t.db.select().from(flipRequests).where(eq(flipRequests.sid, sid));
      if (!request) throw new Error(`no flip request ${sid}`);
      const queue = await t.db.select().from(flipQueue).where(eq(flipQueue.flipRequestId, request.id));
      const history = await t.db.select().from(songRequests).where(eq(songRequests.flipRequestId, request.id));
      return { request, queue, history };
    },
  };
}

/** Flips for the shared paid-request tests (server/payments/testing.ts): a paid flip is queued, its queue row mirroring its history row. */
export function flipKind(t: SandboxedApp): PaidKindAdapter {
  const steps = flipSteps(t);
  return {
    name: 'flip',
    steps: { ...steps, validate: () => steps.validate() },
    price: { currency_code: 'USD', value: '20.00' },
    messages: {
      unknown: 'Unknown flip request: verify the video again',
      expired: 'This flip request has expired: verify the video again',
      paidAlready: 'This flip request is paid already: verify the video again to request it anew',
    },
    toggle: {
      path: '/api/requests/flip/enabled',
      disabledMessage: 'Flip requests are not currently enabled. Check back again during the next livestream!',
    },
    historyRef: 'flipRequestId',

    async pending(at) {
      const sid = randomBytes(24).toString('base64url');
      await insertFlipRequest(t.db, {
        sid,
        videoId: 'aB3-_xYz901',
        title: 'A made-up video',
        author: 'Someone',
        durationSeconds: 200,
        username: 'Property-Fan',
        amountCents: FLIP_PRICE_CENTS,
        currency: 'USD',
        expiresAt: new Date(at.getTime() + 3_600_000),
        createdAt: at,
        updatedAt: at,
      });
      return { sid, price: { currency_code: 'USD', value: '20.00' } };
    },

    async setPrice(sid, cents) {
      await t.db.update(flipRequests).set({ amountCents: cents }).where(eq(flipRequests.sid, sid));
    },

    async rowsOf(sid) {
      const { request, queue, history } = await steps.rowsOf(sid);
      expect(queue.map((r) => [r.state, r.songRequestId])).toEqual(history.map((h) => [h.state, h.id]));
      return { requestId: request.id, history, queued: queue.length };
    },
  };
}
