import { eq } from 'drizzle-orm';
import { flipCaptureResultSchema } from '../../../common/flip';
import { flipQueue, flipRequests, songRequests } from '../../db/schema';
import type { SandboxedApp } from '../../sandbox/testing';

/** Steps of a flip request against a sandboxed app, for the flip payment tests. */

export const VIDEO_LINK = 'https://www.youtube.com/watch?v=aB3-_xYz901';

export function flipSteps(t: SandboxedApp) {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  return {
    post,

    async validate(username = 'Night-Owl', mediaUrl = VIDEO_LINK): Promise<string> {
      const res = await post('/api/requests/flip/validate', { mediaUrl, username });
      if (res.statusCode !== 200) throw new Error(`validate answered ${res.statusCode}: ${res.body}`);
      return res.json().sid as string;
    },

    create: (sid: string) => post('/api/requests/flip/create', { sid, paymentSource: 'paypal' }),

    async order(sid: string): Promise<string> {
      const res = await post('/api/requests/flip/create', { sid, paymentSource: 'paypal' });
      if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
      return res.json().id as string;
    },

    capture: (sid: string, orderId: string) => post('/api/requests/flip/capture', { sid, orderId }),

    parseCaptured: (body: unknown) => flipCaptureResultSchema.strict().parse(body),

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
