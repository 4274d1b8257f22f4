/**
 * The applicant's answer to what their service asks them to decide (`lifecycle.decision` of
 * service.json; the audit's conditional approval, spec 02 section 4):
 * `POST application/applicant-confirmation` with `application_id`, `applicant_confirmed` and, on
 * denial, `applicant_reject_comment`. Only the applicant's own application, only at the decision's
 * status. Accepting moves it to the decision's `accept` status (approved: its certificate), denying
 * to its `deny` status with the reason in its history.
 */
import type { FastifyInstance } from 'fastify';
import { definitionOfStored, lockApplication, moveStatusIn, ownedApplication } from '../applications-store';
import type { AppContext } from '../context';
import { OBJECT_BODY } from '../route-schemas';
import { answers } from '../contract/answers';
import { APPLICANT_CONFIRMATION } from '../contract/lifecycle';
import { HttpError, isDbId, ok, ValidationError, type FieldError } from '../http';
import { REQUIRED } from '../field-rules';

export const REASON_REQUIRED = 'Please provide a reason for rejection.';
export const NOT_CONDITIONAL = 'Only a conditionally approved application waits for your answer to its conditions.';
const REASON_MAX = 2000;

export function decisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post<{ Body: Record<string, unknown> }>(
    '/application/applicant-confirmation',
    { schema: { body: OBJECT_BODY, response: answers({ 200: APPLICANT_CONFIRMATION }) } },
    async (request, reply) => {
      const body = request.body;
      const errors: FieldError[] = [];
      const { application_id: applicationId, applicant_confirmed: confirmed } = body;
      const reason = typeof body.applicant_reject_comment === 'string' ? body.applicant_reject_comment.trim() : '';
      if (!isDbId(applicationId)) errors.push({ field: 'application_id', message: REQUIRED });
      if (typeof confirmed !== 'boolean')
        errors.push({ field: 'applicant_confirmed', message: 'must be true or false' });
      else if (!confirmed && reason === '')
        errors.push({ field: 'applicant_reject_comment', message: REASON_REQUIRED });
      if (reason.length > REASON_MAX)
        errors.push({ field: 'applicant_reject_comment', message: `At most ${REASON_MAX} characters.` });
      if (errors.length > 0) throw new ValidationError(errors);

      const owned = await ownedApplication(db, request.clientId, Number(applicationId));
      const to = await db.transaction().execute(async (trx) => {
        const locked = await lockApplication(trx, ctx.dialect, owned.id);
        const definition = locked ? definitionOfStored(ctx, locked) : undefined;
        const decision = definition?.lifecycle?.decision;
        if (!locked || !decision || locked.status_id !== decision.status) throw new HttpError(409, NOT_CONDITIONAL);
        const status = confirmed ? decision.accept.status : decision.deny.status;
        await moveStatusIn(
          trx,
          owned.id,
          {
            statusId: status,
            comment: confirmed ? decision.accept.comment : reason,
            actor: 'applicant',
          },
          definition,
        );
        return status;
      });
      return ok(reply, { id: owned.id, application_status_id: to, applicant_confirmed: confirmed });
    },
  );
}
