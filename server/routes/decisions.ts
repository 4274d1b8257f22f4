/**
 * The applicant's answer to what their service asks them to decide (`lifecycle.decision` of
 * service.json; the audit's conditional approval, spec 02 section 4):
 * `POST application/applicant-confirmation` with `application_id`, `applicant_confirmed` and, on
 * denial, `applicant_reject_comment`. Only the applicant's own application, only at the decision's
 * status. The answer is a transition of the service's table (`via: "decision"`, `answer` true or
 * false), taken by the one executor: accepting moves it where its row leads (approved: its
 * certificate), denying where the other leads, with the reason in its history.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { typed } from '../route-schemas';
import { answers } from '../contract/answers';
import { APPLICANT_CONFIRMATION } from '../contract/lifecycle';
import { HttpError, ok } from '../http';
import { bodySchema, booleanField, rowId } from '../field-rules';
import { performTransition } from '../transitions/execute';

export const NOT_CONDITIONAL = 'Only a conditionally approved application waits for your answer to its conditions.';
const REASON_MAX = 2000;

const confirmationBody = bodySchema(
  {
    application_id: rowId(),
    applicant_confirmed: booleanField(),
    // The reason of a denial; anything but a text is no reason (the executor asks for one if needed).
    applicant_reject_comment: {
      trim: true,
      maxLength: REASON_MAX,
      errorMessage: { maxLength: `At most ${REASON_MAX} characters.` },
    },
  },
  ['application_id', 'applicant_confirmed'],
);

export function decisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).post(
    '/application/applicant-confirmation',
    { schema: { body: confirmationBody, response: answers({ 200: APPLICANT_CONFIRMATION }) } },
    async (request, reply) => {
      const body = request.body;
      const { application_id: applicationId, applicant_confirmed: confirmed } = body;
      const reason = typeof body.applicant_reject_comment === 'string' ? body.applicant_reject_comment : '';

      const id = Number(applicationId);
      // The reason a denial needs is the row's to ask for (`reason`): the executor judges it.
      const done = await performTransition(ctx, id, {
        by: 'applicant',
        via: ['decision'],
        answer: confirmed,
        owner: request.clientId,
        actor: 'applicant',
        reason: confirmed ? null : reason,
      }).catch((error: unknown) => {
        // No decision of the service waits at the application's status.
        if (error instanceof HttpError && error.statusCode === 409) throw new HttpError(409, NOT_CONDITIONAL);
        throw error;
      });
      return ok(reply, { id, application_status_id: done.to, applicant_confirmed: confirmed });
    },
  );
}
