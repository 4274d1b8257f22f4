/**
 * A draft's answers saved as the applicant fills step 1 (`PUT client/application/{id}/draft`), the
 * drafts offered to be continued (`GET client/drafts`), the removal of a document's file from a draft
 * (`DELETE client/application/{id}/attachments?description=`) and the discard of a draft
 * (`DELETE client/application/{id}`). The offer is not the spec's applications table: drafts stay out
 * of that table and of the counts.
 */
import type { FastifyInstance } from 'fastify';
import { DRAFT_ANSWERS_MAX_CHARS, draftShapeProblems, hasDraftAnswers, STATUS, variantOf } from '../../engine/core';
import { definitionOfStored, lockApplication, ownedApplication } from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { offeredDrafts, removeDraft, removeDraftDocument } from '../drafts';
import { REQUIRED } from '../field-rules';
import { HttpError, idParam, notFound, ok, ValidationError } from '../http';
import { answers } from '../contract/answers';
import { DRAFT_DISCARDED, DRAFT_DOCUMENT_REMOVED, DRAFT_SAVED, OFFERED_DRAFTS } from '../contract/applications';
import { paramsSchema, queryTexts, typed } from '../route-schemas';
import { appendTrail } from '../trail/append';
import { answersPatch, parsedOrNull } from '../trail/answers';

export const DRAFT_MESSAGES = {
  notDraft: 'This application is no longer a draft',
  tooLarge: 'These answers are too long to be saved as a draft',
  chooseForm: 'Choose the form of this service first',
} as const;

/** The body of a draft's save: the answers, and the form chosen for a service with several. */
const draftBodySchema = {
  type: 'object',
  required: ['answers'],
  // Other fields are left unread (as Fastify's own validator used to strip them), not refused.
  properties: {
    answers: { type: 'object' },
    variant: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

export function draftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  typed(app).put(
    '/client/application/:id/draft',
    // Text is counted in characters below; the bytes of UTF-8 may be up to four times as many.
    {
      schema: { params: paramsSchema(['id']), body: draftBodySchema, response: answers({ 200: DRAFT_SAVED }) },
      bodyLimit: DRAFT_ANSWERS_MAX_CHARS * 4,
    },
    async (request, reply) => {
      const id = idParam(request.params.id);
      const application = await ownedApplication(db, request.clientId, id);
      if (application.status_id !== STATUS.draft) throw new HttpError(409, DRAFT_MESSAGES.notDraft);
      const { answers, variant } = request.body;
      const text = JSON.stringify(variant === undefined ? { answers } : { answers, variant });
      if (text.length > DRAFT_ANSWERS_MAX_CHARS) throw new HttpError(413, DRAFT_MESSAGES.tooLarge);
      const definition = definitionOfStored(ctx, application);
      if (!definition) throw notFound('Service not found');
      // The answers of a service with several forms are the chosen form's: judged against it.
      const form =
        variant === undefined ? (definition.variants ? undefined : definition) : variantOf(definition, variant);
      if (!form) {
        if (variant !== undefined || hasDraftAnswers(answers))
          throw new ValidationError([{ field: 'variant', message: DRAFT_MESSAGES.chooseForm }]);
      } else {
        const problems = draftShapeProblems(form.formSchema, answers);
        if (problems.length > 0)
          throw new ValidationError(problems.map((p) => ({ ...p, field: `answers.${p.field}` })));
      }
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        // Judged again under the lock: a submission may have moved it since.
        const locked = await lockApplication(trx, ctx.dialect, id);
        if (!locked || locked.status_id !== STATUS.draft) throw new HttpError(409, DRAFT_MESSAGES.notDraft);
        await trx
          .updateTable('applications')
          .set({ draft_answers: text, draft_saved_at: now, updated_at: now })
          .where('id', '=', id)
          .execute();
        // The trail records what changed: the patch from the draft as it was to the draft as saved.
        const patch = answersPatch({ draft: parsedOrNull(locked.draft_answers) }, { draft: parsedOrNull(text) });
        if (patch.length > 0)
          await appendTrail(trx, id, { kind: 'answers', actor: 'applicant', data: { patch }, createdAt: now });
      });
      return ok(reply, { id, saved_at: now });
    },
  );

  typed(app).get(
    '/client/drafts',
    { schema: { querystring: queryTexts(['service_id']), response: answers({ 200: OFFERED_DRAFTS }) } },
    async (request, reply) => {
      const service = request.query.service_id;
      const serviceId = service === undefined || service === '' ? undefined : idParam(service);
      return ok(reply, await offeredDrafts(db, request.clientId, serviceId));
    },
  );

  // The file a draft holds for a document, removed when the applicant removes it in step 2 (a new file
  // for the document replaces it without this: the upload does that on a draft).
  typed(app).delete(
    '/client/application/:id/attachments',
    {
      schema: {
        params: paramsSchema(['id']),
        querystring: queryTexts(['description']),
        response: answers({ 200: DRAFT_DOCUMENT_REMOVED }),
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id);
      // Read as the upload stores it (trimmed, at most 300 characters), so the same text names the same file.
      const raw = request.query.description;
      const description = typeof raw === 'string' ? raw.trim().slice(0, 300) : '';
      if (!description) throw new ValidationError([{ field: 'description', message: REQUIRED }]);
      const application = await ownedApplication(db, request.clientId, id);
      if (application.status_id !== STATUS.draft) throw new HttpError(409, DRAFT_MESSAGES.notDraft);
      const removed = await removeDraftDocument(ctx, id, description);
      if (removed === null) throw new HttpError(409, DRAFT_MESSAGES.notDraft);
      return ok(reply, { id, description, removed });
    },
  );

  typed(app).delete(
    '/client/application/:id',
    { schema: { params: paramsSchema(['id']), response: answers({ 200: DRAFT_DISCARDED }) } },
    async (request, reply) => {
      const id = idParam(request.params.id);
      const application = await ownedApplication(db, request.clientId, id);
      if (application.status_id !== STATUS.draft) throw new HttpError(409, DRAFT_MESSAGES.notDraft);
      if (!(await removeDraft(ctx, id))) throw new HttpError(409, DRAFT_MESSAGES.notDraft);
      return ok(reply, { id });
    },
  );
}
