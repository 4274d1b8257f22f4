/**
 * The applicant's answer to a conditional approval (spec 02 section 4):
 * `POST application/applicant-confirmation` with `application_id`, `applicant_confirmed` and, on
 * denial, `applicant_reject_comment`. Only the applicant's own application, only at status 18.
 * Accepting approves it (6), which makes its certificate; denying sends it back to review (3, "under
 * review") with the reason in its history.
 */
import type { FastifyInstance } from 'fastify';
import { STATUS } from '../../engine/core/status-presentation';
import { UNDER_REVIEW_STATUS } from '../../engine/core/status-transitions';
import { lockApplication, moveStatusIn, ownedApplication } from '../applications-store';
import type { AppContext } from '../context';
import { HttpError, isDbId, ok, ValidationError, type FieldError } from '../http';
import { REQUIRED } from '../field-rules';

export const REASON_REQUIRED = 'Please provide a reason for rejection.';
export const NOT_CONDITIONAL = 'Only a conditionally approved application waits for your answer to its conditions.';
const REASON_MAX = 2000;

export function decisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/application/applicant-confirmation', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    const { application_id: applicationId, applicant_confirmed: confirmed } = body;
    const reason = typeof body.applicant_reject_comment === 'string' ? body.applicant_reject_comment.trim() : '';
    if (!isDbId(applicationId)) errors.push({ field: 'application_id', message: REQUIRED });
    if (typeof confirmed !== 'boolean') errors.push({ field: 'applicant_confirmed', message: 'must be true or false' });
    else if (!confirmed && reason === '') errors.push({ field: 'applicant_reject_comment', message: REASON_REQUIRED });
    if (reason.length > REASON_MAX)
      errors.push({ field: 'applicant_reject_comment', message: `At most ${REASON_MAX} characters.` });
    if (errors.length > 0) throw new ValidationError(errors);

    const owned = await ownedApplication(db, request.clientId, Number(applicationId));
    const to = confirmed ? STATUS.approved : UNDER_REVIEW_STATUS;
    await db.transaction().execute(async (trx) => {
      const locked = await lockApplication(trx, ctx.dialect, owned.id);
      if (!locked || locked.status_id !== STATUS.conditionallyApproved) throw new HttpError(409, NOT_CONDITIONAL);
      await moveStatusIn(trx, owned.id, {
        statusId: to,
        comment: confirmed ? 'Approval conditions accepted.' : reason,
        actor: 'applicant',
      });
    });
    return ok(reply, { id: owned.id, application_status_id: to, applicant_confirmed: confirmed });
  });
}
