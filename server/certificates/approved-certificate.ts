/**
 * An approved application's certificate (or a letter, for a service that issues one): its facts and
 * its PDF, made from the stored record. The public verification address answers it
 * (server/routes/certificates.ts), and the applicant's archive of their own data holds it
 * (server/own-data/).
 */
import type { Kysely } from 'kysely';
import {
  fillLetterText,
  formsOf,
  isRecord,
  presentStatus,
  STATUS,
  valueAt,
  type ServiceDefinition,
} from '../../engine/core';
import { applicantName } from '../applicant-name';
import { definitionOfStored } from '../applications-store';
import type { AppContext } from '../context';
import type { Database } from '../db/tables';
import { renderCertificatePdf, renderLetterPdf } from './certificate-pdf';

/** The holder printed on the certificate: the first filled `view.holder` field, else the applicant. */
export function certificateHolder(
  definition: ServiceDefinition | undefined,
  record: unknown,
  applicant: string,
): string {
  for (const field of definition?.view.holder ?? []) {
    const value = valueAt(record, field);
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return applicant;
}

/** The application's row as a certificate is made from: pick one with `where` (token or id). */
export function certificateRows(db: Kysely<Database>) {
  return db
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
      'applications.certificate_token',
      'services.name as service_name',
      'clients.first_name',
      'clients.last_name',
      'clients.other_name',
    ])
    .where('applications.status_id', '<>', STATUS.draft);
}

export type CertificateRow = Awaited<ReturnType<ReturnType<typeof certificateRows>['executeTakeFirstOrThrow']>>;

/** Whether the row's application is approved: only then has it a certificate. */
export function hasCertificate(
  row: Pick<CertificateRow, 'status_id' | 'manually_processed' | 'final_certificate_uploaded'>,
) {
  return presentStatus({
    application_status_id: row.status_id,
    manually_processed: row.manually_processed,
    final_certificate_uploaded: row.final_certificate_uploaded,
  }).approved;
}

/**
 * The certificate of an approved application: its facts, and (unless it was processed by hand: then
 * the authority's own document is the certificate) the PDF and its file name. `verifyUrl` is printed
 * on it, as its QR code.
 */
export async function approvedCertificate(
  ctx: Pick<AppContext, 'db' | 'definitions' | 'archived' | 'config'>,
  row: CertificateRow,
  verifyUrl: string,
) {
  const { db } = ctx;
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
  if (row.manually_processed === 1) return { facts, document: null };
  const common = {
    appId: row.app_id,
    serviceTitle: facts.service,
    department: definition?.department ?? '',
    holder: facts.holder,
    approvedAt: facts.approved_at,
    verifyUrl,
    authority: ctx.config.authorityName,
  };
  // A service that issues a letter (the GCF letters) gets its letter, not a certificate.
  const letter = definition?.view.letter;
  return {
    facts,
    document: {
      fileName: `${letter ? 'letter' : 'certificate'}-${row.app_id}.pdf`,
      render: () =>
        letter
          ? renderLetterPdf({
              ...common,
              subject: fillLetterText(letter.subject, record, facts.holder),
              body: letter.body.map((paragraph) => fillLetterText(paragraph, record, facts.holder)),
            })
          : renderCertificatePdf(common),
    },
  };
}
