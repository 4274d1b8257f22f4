/**
 * The webhooks' dead letters over the staff API (an extension, like the staff API), for staff admins:
 *
 *   GET  staff/webhooks/dead           the events given up on, of the services the caller administers
 *   POST staff/webhooks/{id}/replay    puts a dead event back in line: the same id and body, delivered
 *                                      before the later events of its application that wait behind it
 *
 * Who may is the staff policy's admin (engine/core/staff-policy.ts `mayGrant`): an admin on the
 * event's service, or on every one (`*`). The command does the same (`npm run staff -- webhooks dead |
 * replay <id>`), through the same module (server/webhooks/dead-letters.ts).
 */
import type { FastifyInstance } from 'fastify';
import { mayGrant, type StaffActor } from '../../engine/core';
import type { AppContext } from '../context';
import { answers, list } from '../contract/answers';
import { DEAD_WEBHOOK } from '../contract/webhooks';
import { HttpError, ok } from '../http';
import { NO_BODY, paramsSchema } from '../route-schemas';
import { staffOfRequest } from '../staff-auth/staff-request';
import { deadWebhooks, replayWebhook } from '../webhooks/dead-letters';

/** Refuses (403) a staff member who administers no service. */
function adminOnly(staff: StaffActor): void {
  if (!staff.grants.some((grant) => grant.role === 'admin'))
    throw new HttpError(403, `${staff.name} is no staff admin: only an admin lists and replays webhook events.`);
}

/** Registers the dead letters' routes. */
export function staffWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Public for the applicants' token check: each route checks its staff key or console session instead.
  const staffOnly = { config: { public: true } };

  app.get(
    '/staff/webhooks/dead',
    {
      ...staffOnly,
      schema: {
        summary: 'The webhook events given up on (staff admins)',
        description:
          'Events whose deliveries failed WEBHOOK_MAX_ATTEMPTS times (or whose subscription is gone), oldest first, of the services the caller administers. They hold the later events of their application until replayed. 403 for who administers no service.',
        response: answers({ 200: list(DEAD_WEBHOOK) }),
      },
    },
    async (request, reply) => {
      const staff = await staffOfRequest(ctx, request);
      adminOnly(staff);
      return ok(reply, await deadWebhooks(ctx.db, (service) => mayGrant(staff.grants, service)));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/staff/webhooks/:id/replay',
    {
      ...staffOnly,
      preValidation: async (request) => {
        // The key is judged before anything else: a request without one is refused as such.
        await staffOfRequest(ctx, request);
      },
      schema: {
        summary: 'Replays a dead webhook event (staff admins)',
        description:
          "Puts the dead event back in line, due now, its attempts counted afresh: the same id (webhook-id) and body, so a receiver that did get it drops the repeat. 403 unless the caller administers the event's service (or every service), 404 for no such event, 409 for one that is not dead.",
        params: paramsSchema(['id']),
        body: NO_BODY,
        response: answers({ 200: DEAD_WEBHOOK }),
      },
    },
    async (request, reply) => {
      const staff = await staffOfRequest(ctx, request);
      const replayed = await replayWebhook(
        ctx.db,
        request.params.id,
        (service) => mayGrant(staff.grants, service),
        (service) => `${staff.name} is no admin of ${service}: only its admins replay its webhook events.`,
      );
      return ok(reply, replayed);
    },
  );
}
