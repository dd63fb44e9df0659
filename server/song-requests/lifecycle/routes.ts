import { idParams } from '../../../common/query';
import { heldRequestsSchema, refundAttentionListSchema, rejectBodySchema, requestDecisionSchema } from '../../../common/request-lifecycle';
import { REQUEST_LIFECYCLE_PATHS } from '../../../common/request-states';
import { userOf } from '../../accounts/access';
import type { App } from '../../http/types';
import type { Lifecycle } from './service';

/** The control room's calls (admins): the held requests, the refunds not done, approve and reject by history id. */
export function lifecycleRoutes(app: App, lifecycle: Lifecycle) {
  const tags = ['requests'];

  app.get(REQUEST_LIFECYCLE_PATHS.held, {
    schema: { tags, summary: 'Paid requests waiting for approval, oldest first (admins)', response: { 200: heldRequestsSchema } },
    config: { access: 'admin' },
    handler: () => lifecycle.held(),
  });

  app.get(REQUEST_LIFECYCLE_PATHS.attention, {
    schema: {
      tags,
      summary: "Rejected requests whose refund is pending or failed (refund_failed, with PayPal's message; retried by the server) (admins)",
      response: { 200: refundAttentionListSchema },
    },
    config: { access: 'admin' },
    handler: () => lifecycle.refunding(),
  });

  app.post('/api/requests/:id/approve', {
    schema: {
      tags,
      summary:
        'Approve a held request (admins): a flip joins the queue, a sample goes to the sample player. A request no longer held is answered as it is (changed: false)',
      params: idParams,
      response: { 200: requestDecisionSchema },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: (request) => lifecycle.approve(request.params.id, userOf(request).id),
  });

  app.post('/api/requests/:id/reject', {
    schema: {
      tags,
      summary:
        'Reject a held or queued request (admins): it leaves the queue and the sample player at once and its payment is refunded in full through PayPal. A request no longer rejectable is answered as it is (changed: false)',
      params: idParams,
      body: rejectBodySchema,
      response: { 200: requestDecisionSchema },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: (request) => lifecycle.reject(request.params.id, userOf(request).id, request.body ?? {}),
  });
}
