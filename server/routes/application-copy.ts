/**
 * `GET application/{id}/copy`: the applicant's copy of their submitted application as a PDF, in the
 * language of `Accept-Language` (the portal's API client sends it, and downloads the answer as a
 * file). Only the owner's application is found (404 otherwise, as for its detail); a draft has
 * nothing submitted to copy (409).
 */
import type { FastifyInstance } from 'fastify';
import { STATUS } from '../../engine/core';
import { copyDocument, copyDocuments, definitionIn, NOT_SUBMITTED, type CopyTranslate } from '../application-copy';
import { definitionOfStored, ownedApplication } from '../applications-store';
import { renderApplicationCopyPdf } from '../certificates/application-copy-pdf';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { HttpError, idParam, notFound } from '../http';
import { download } from '../contract/answers';
import { paramsSchema, typed } from '../route-schemas';

export function applicationCopyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  typed(app).get(
    '/application/:id/copy',
    {
      schema: {
        params: paramsSchema(['id']),
        response: download(['application/pdf'], 'The copy of the application, a PDF'),
      },
    },
    async (request, reply) => {
      const application = await ownedApplication(db, request.clientId, idParam(request.params.id));
      if (application.status_id === STATUS.draft) throw new HttpError(409, NOT_SUBMITTED);
      const definition = definitionOfStored(ctx, application);
      if (!definition) throw notFound('Service not found');

      const language = ctx.messages.languageOf(request.headers['accept-language']) ?? 'en';
      const translate: CopyTranslate = (english, values = {}) =>
        Object.entries(values).reduce(
          (text, [name, value]) => text.split(`{{${name}}}`).join(String(value)),
          ctx.messages.translateKey(english, language),
        );
      const [records, documents] = await Promise.all([
        db
          .selectFrom('application_records')
          .select(['record_key', 'data'])
          .where('application_id', '=', application.id)
          .execute(),
        copyDocuments(ctx, application.id),
      ]);
      const facts = {
        definition: definitionIn(ctx.servicesDir, definition, language),
        application,
        records: Object.fromEntries(records.map((row) => [row.record_key, JSON.parse(row.data) as unknown])),
        documents,
        madeAt: nowIso(),
      };
      const pdf = await renderApplicationCopyPdf(copyDocument(facts, language, translate, ctx.config.authorityName));
      return reply
        .code(200)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${application.app_id}.pdf"`)
        .header('Content-Language', language)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
}
