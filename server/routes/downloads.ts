/**
 * Downloads: the blank documents a definition ships (public), the caller's own application's files,
 * and the documents staff actions file for it, each streamed from where it is kept.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { downloadableDocuments, fileExtension, formsOf } from '../../engine/core';
import type { AppContext } from '../context';
import { download } from '../contract/answers';
import { TEMPLATE_TYPES } from '../contract/files';
import { idParam, notFound } from '../http';
import { STORED_KEY } from '../storage/file-store';
import { contentDisposition, FILE_TYPES } from '../storage/stored-files';
import { paramsSchema, pathParams, queryTexts, typed } from '../route-schemas';

/** Registers the download routes. */
export function downloadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /**
   * A document template a definition ships (`documents.templates`, a file of the service folder's
   * `files/`), e.g. the blank signed notification of the export licence. Public: it is a blank form.
   */
  typed(app).get(
    '/service/templates/:serviceId/:file',
    {
      config: { public: true },
      schema: {
        params: paramsSchema(['serviceId', 'file']),
        response: download(TEMPLATE_TYPES, 'A blank document of the service'),
      },
    },
    async (request, reply) => {
      const { serviceId, file } = request.params;
      const definition = ctx.definitions.find((d) => d.id === idParam(serviceId));
      const declared = definition
        ? formsOf(definition).some((form) => (form.documents.templates ?? []).some((t) => t.file === file))
        : false;
      if (!definition || !declared || !ctx.servicesDir) throw notFound('File not found');
      const absolute = join(ctx.servicesDir, definition.key, 'files', file);
      const info = await stat(absolute).catch(() => null);
      if (!info?.isFile()) throw notFound('File not found');
      return reply
        .code(200)
        .header('Content-Type', FILE_TYPES[fileExtension(file)] ?? 'application/octet-stream')
        .header('Content-Length', info.size)
        .header('Content-Disposition', contentDisposition(file))
        .header('Cache-Control', 'public, max-age=3600')
        .send(createReadStream(absolute));
    },
  );

  typed(app).get(
    '/service/download-attachment',
    {
      schema: {
        querystring: queryTexts(['file']),
        response: download(['application/octet-stream'], "A file of the caller's application"),
      },
    },
    async (request, reply) => {
      const file = String(request.query.file ?? '');
      if (!STORED_KEY.test(file)) throw notFound('File not found');
      const attachment = await db
        .selectFrom('attachments')
        .innerJoin('applications', 'applications.id', 'attachments.application_id')
        .select(['attachments.name', 'attachments.mime'])
        .where('attachments.path', '=', file)
        .where('applications.client_id', '=', request.clientId)
        .executeTakeFirst();
      const certificate = attachment
        ? undefined
        : await db
            .selectFrom('applications')
            .select(['manual_certificate_name'])
            .where('manual_certificate_path', '=', file)
            .where('client_id', '=', request.clientId)
            .executeTakeFirst();
      const name = attachment?.name ?? certificate?.manual_certificate_name ?? null;
      if (!attachment && !certificate) throw notFound('File not found');
      return sendStoredFile(reply, file, name ?? 'file', attachment?.mime ?? 'application/octet-stream');
    },
  );

  // The documents staff actions file (`lifecycle.actions[].document`; the audit's approved ToR at
  // spec 02's api/verify/tor/{app_id}): the caller's own application's latest, once filed.
  for (const { definition, document } of downloadableDocuments(ctx.definitions)) {
    const url = `/${document.download.replace('{app_id}', ':appId')}`;
    app.get<{ Params: { appId?: unknown } }>(
      url,
      { schema: { params: pathParams(url), response: download(['application/pdf'], document.description) } },
      async (request, reply) => {
        const appId = String(request.params.appId ?? '');
        const filed = await db
          .selectFrom('attachments')
          .innerJoin('applications', 'applications.id', 'attachments.application_id')
          .select(['attachments.path', 'attachments.name'])
          .where('applications.app_id', '=', appId)
          .where('applications.client_id', '=', request.clientId)
          .where('applications.service_id', '=', definition.id)
          .where('attachments.internal', '=', 1)
          .where('attachments.description', '=', document.description)
          .orderBy('attachments.id', 'desc')
          .executeTakeFirst();
        if (!filed) throw notFound('File not found');
        return sendStoredFile(reply, filed.path, filed.name, 'application/pdf');
      },
    );
  }

  /** Streams a stored file (`uploads/<hex>`) from the store as a download; 404 when the store has none. */
  async function sendStoredFile(reply: FastifyReply, file: string, name: string, mime: string) {
    const opened = STORED_KEY.test(file) ? await ctx.files.open(file) : null;
    if (!opened) throw notFound('File not found');
    return reply
      .code(200)
      .header('Content-Type', mime)
      .header('Content-Length', opened.size)
      .header('Content-Disposition', contentDisposition(name))
      .header('X-Content-Type-Options', 'nosniff')
      .send(opened.body);
  }
}
