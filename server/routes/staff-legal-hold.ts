/**
 * An application's legal hold over the staff API (an extension, like the staff console's routes):
 *
 *   PUT  staff/applications/{id}/legal-hold  { hold, reason }: keep it from the retention job, or lift
 *                                            that (approver or admin: retention/legal-hold.ts)
 *
 * The command does the same (`npm run staff -- hold <app> --reason "..."` / `release-hold <app>`).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import { LEGAL_HOLD, LEGAL_HOLD_BODY } from '../contract/staff-console';
import { idParam, ok } from '../http';
import { changeLegalHold } from '../retention/legal-hold';
import { paramsSchema, typed } from '../route-schemas';
import { staffGate } from '../staff-auth/staff-request';

/** Registers the legal hold's route. */
export function staffLegalHoldRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { routeOptions: staffOnly, staffOf } = staffGate(ctx);
  typed(app).put(
    '/staff/applications/:id/legal-hold',
    {
      ...staffOnly,
      schema: {
        summary: "Sets or lifts an application's legal hold",
        description:
          '`hold: true` with a `reason` keeps the application from the retention job (it is never deleted for its age) until `hold: false` lifts it. Needs the approver or admin role on its service (403); a draft or an unknown id is a 404. Recorded in its trail (`legal-hold`).',
        params: paramsSchema(['id']),
        body: LEGAL_HOLD_BODY,
        response: answers({ 200: LEGAL_HOLD }),
      },
    },
    async (request, reply) => {
      const actor = await staffOf(request);
      return ok(
        reply,
        await changeLegalHold(ctx, idParam(request.params.id), actor, {
          hold: request.body.hold,
          reason: request.body.reason ?? null,
        }),
      );
    },
  );
}
