/**
 * Public certificate verification (spec: the certificate link is verify/certificate/{id} on the API
 * host). The id is the application's random certificate token, not its sequential app id, so the
 * addresses cannot be listed by counting. The address answers the certificate itself, a PDF whose
 * QR code points back here, so paper and record can be compared; `?format=json` answers the same
 * facts as data, and only what a verifier needs. Only approved certificates are public: any other
 * id answers "not found", so the address cannot be used to learn who applied for what.
 */
import type { FastifyInstance } from 'fastify';
import {
  type ServiceDefinition,
  fillLetterText,
  formsOf,
  presentStatus,
  STATUS,
  isRecord,
  valueAt,
} from '../../engine/core';
import { applicantName } from '../applicant-name';
import { definitionOfStored } from '../applications-store';
import { renderCertificatePdf, renderLetterPdf } from '../certificates/certificate-pdf';
import type { AppContext } from '../context';
import { notFound, ok } from '../http';
import { ERROR_ANSWER, okAnswer } from '../contract/answers';
import { CERTIFICATE_FACTS } from '../contract/files';
import { paramsSchema, queryTexts, typed } from '../route-schemas';

/** The certificate as a PDF, or (`?format=json`, a manually processed one) its facts as data. */
const CERTIFICATE_ANSWERS = {
  200: {
    description: 'The certificate or letter, or its facts',
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: okAnswer(CERTIFICATE_FACTS) },
    },
  },
  '4xx': { description: 'Refused', ...ERROR_ANSWER },
  '5xx': { description: 'Failed', ...ERROR_ANSWER },
};

/** The holder printed on the certificate: the first filled `view.holder` field, else the applicant. */
export function certificateHolder(
  definition: ServiceDefinition | undefined,
  record: unknown,
  applicantName: string,
): string {
  for (const field of definition?.view.holder ?? []) {
    const value = valueAt(record, field);
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return applicantName;
}

/** Shape of a certificate token (base64url, 22 characters for 128 bits; test data may be longer). */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Registers the public verification of certificates. */
export function certificateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  typed(app).get(
    '/verify/certificate/:token',
    {
      config: { public: true },
      schema: { params: paramsSchema(['token']), querystring: queryTexts(['format']), response: CERTIFICATE_ANSWERS },
    },
    async (request, reply) => {
      const token = String(request.params.token);
      if (!TOKEN.test(token)) throw notFound('Certificate not found');
      const row = await db
        .selectFrom('applications')
        .innerJoin('services', 'services.id', 'applications.service_id')
        .innerJoin('clients', 'clients.id', 'applications.client_id')
        .select([
          'applications.id',
          'applications.app_id',
          'applications.service_id',
          'applications.status_id',
          'applications.definition_version',
          'applications.manually_processed',
          'applications.final_certificate_uploaded',
          'applications.updated_at',
          'services.name as service_name',
          'clients.first_name',
          'clients.last_name',
          'clients.other_name',
        ])
        .where('applications.certificate_token', '=', token)
        .where('applications.status_id', '<>', STATUS.draft)
        .executeTakeFirst();
      const approved =
        row !== undefined &&
        presentStatus({
          application_status_id: row.status_id,
          manually_processed: row.manually_processed,
          final_certificate_uploaded: row.final_certificate_uploaded,
        }).approved;
      if (!row || !approved) throw notFound('Certificate not found');

      // The version of the service it was submitted under, and the form whose record the application holds (a service with variants saves one of them).
      const service = definitionOfStored(ctx, row);
      const forms = service ? formsOf(service) : [];
      const stored =
        forms.length > 0
          ? await db
              .selectFrom('application_records')
              .select(['record_key', 'data'])
              .where('application_id', '=', row.id)
              .where(
                'record_key',
                'in',
                forms.map((form) => form.view.record),
              )
              .executeTakeFirst()
          : undefined;
      const definition = forms.find((form) => form.view.record === stored?.record_key) ?? service;
      const record: unknown = stored ? JSON.parse(stored.data) : null;
      const approval = await db
        .selectFrom('flow_histories')
        .select('created_at')
        .where('application_id', '=', row.id)
        .where('status_id', '=', STATUS.approved)
        // A staff member's read of an approved application is an internal row at the same status, not its approval.
        .where('internal', '=', 0)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const applicant = applicantName(row);
      const facts = {
        app_id: row.app_id,
        service: definition?.title ?? row.service_name,
        holder: certificateHolder(definition, isRecord(record) ? record : null, applicant),
        approved: true,
        approved_at: approval?.created_at ?? row.updated_at,
      };
      // A manually processed certificate is the authority's own document; the facts are what can be checked here.
      if (request.query.format === 'json' || row.manually_processed === 1) return ok(reply, facts);

      const common = {
        appId: row.app_id,
        serviceTitle: facts.service,
        department: definition?.department ?? '',
        holder: facts.holder,
        approvedAt: facts.approved_at,
        verifyUrl: `${request.protocol}://${request.host}${request.url.split('?')[0] ?? ''}`,
        authority: ctx.config.authorityName,
      };
      // A service that issues a letter (the GCF letters) gets its letter, not a certificate.
      const letter = definition?.view.letter;
      const pdf = letter
        ? await renderLetterPdf({
            ...common,
            subject: fillLetterText(letter.subject, record, facts.holder),
            body: letter.body.map((paragraph) => fillLetterText(paragraph, record, facts.holder)),
          })
        : await renderCertificatePdf(common);
      return (
        reply
          .code(200)
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="${letter ? 'letter' : 'certificate'}-${row.app_id}.pdf"`)
          .header('Cache-Control', 'no-store')
          // The browser's PDF viewer embeds the document: the portal's policy (object-src 'none') would block it.
          .header('Content-Security-Policy', "frame-ancestors 'none'")
          .send(Buffer.from(pdf))
      );
    },
  );
}
