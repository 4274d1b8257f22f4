/**
 * The applicant's answer to what their service asks them to decide (`lifecycle.decision` of
 * service.json; the audit's conditional approval, spec 02 section 4):
 * `POST application/applicant-confirmation` with `application_id`, `applicant_confirmed` and, on
 * denial, the reason its row asks for (`applicant_reject_comment`). Only the applicant's own
 * application, only at the decision's status; registered only when a loaded definition's table has
 * decision rows, its body drawn from them (transitions/transition-bodies.ts). The answer is a transition of the service's table (`via: "decision"`, `answer` true or
 * false), taken by the one executor: accepting moves it where its row leads (approved: its
 * certificate), denying where the other leads, with the reason in its history.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { decisionBody } from '../transitions/transition-bodies';
import { answers } from '../contract/answers';
import { APPLICANT_CONFIRMATION } from '../contract/lifecycle';
import { HttpError, ok } from '../http';
import { performTransition } from '../transitions/execute';

export const NOT_CONDITIONAL = 'Only a conditionally approved application waits for your answer to its conditions.';
const REASON_MAX = 2000;

/** Registers the applicant's answer, when a loaded definition (current or kept) asks for one. */
export function decisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const decisions = [...ctx.definitions, ...ctx.archived].flatMap((definition) =>
    definition.lifecycle?.decision ? [definition.lifecycle.decision] : [],
  );
  if (decisions.length === 0) return;
  app.post<{ Body: Record<string, unknown> & { applicant_confirmed: boolean } }>(
    '/application/applicant-confirmation',
    {
      schema: { body: decisionBody(decisions, REASON_MAX), response: answers({ 200: APPLICANT_CONFIRMATION }) },
    },
    async (request, reply) => {
      const body = request.body;
      const { application_id: applicationId, applicant_confirmed: confirmed } = body;

      const id = Number(applicationId);
      // The reason a denial needs is the row's to ask for (`reason`, in its field): the executor judges it.
      const done = await performTransition(ctx, id, (_app, definition) => {
        const field = definition?.lifecycle?.decision?.deny.reason?.field;
        const reason = field && typeof body[field] === 'string' ? body[field] : '';
        return {
          by: 'applicant',
          via: ['decision'],
          answer: confirmed,
          owner: request.clientId,
          actor: 'applicant',
          reason: confirmed ? null : reason,
        };
      }).catch((error: unknown) => {
        // No decision of the service waits at the application's status.
        if (error instanceof HttpError && error.statusCode === 409) throw new HttpError(409, NOT_CONDITIONAL);
        throw error;
      });
      return ok(reply, { id, application_status_id: done.to, applicant_confirmed: confirmed });
    },
  );
}
