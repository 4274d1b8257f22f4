/**
 * The applicant's archive of everything the portal holds about them (`GET client/{id}/archive`), a ZIP
 * written as it is sent: the entries are named first from small reads (the account, the lists of
 * applications and files), then each application's answers and each file are read only when the ZIP
 * reaches them, one at a time, so memory stays flat however many files the applicant has.
 *
 * What it holds is what the applicant can already see, nothing more: each application as its page
 * shows it (`applicationDetailOf`: never the authority's internal history rows, notes, assignee or
 * staff names), their own uploads and the documents they can download; the account without its
 * password hash, sessions or codes.
 */
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { downloadableDocuments } from '../../engine/core';
import { publicUser } from '../account-service';
import { applicationDetailOf } from '../application-view';
import { approvedCertificate, certificateRows, hasCertificate } from '../certificates/approved-certificate';
import { certificatePath } from '../certificates/certificate-path';
import type { AppContext } from '../context';
import type { Client } from '../db/tables';
import { queuedMailSubject } from '../mail/mail-subjects';
import { archiveReadme } from './archive-readme';

type ArchiveContext = Pick<
  AppContext,
  'db' | 'definitions' | 'archived' | 'statusName' | 'files' | 'messages' | 'config'
>;

/** A file of an application as the archive names it. */
interface ArchivedDocument {
  application_id: number;
  path: string;
  name: string;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/**
 * The account as the archive shows it: what the portal shows its holder (`publicUser`, never a
 * secret), with its language, whether it is confirmed and when it was made.
 */
export function accountOf(client: Client) {
  return {
    ...publicUser(client),
    language: client.language,
    confirmed: client.confirmed === 1,
    created_at: client.created_at,
  };
}

/** Characters no file name of the archive keeps: folder separators and what Windows refuses. */
const UNSAFE_IN_NAMES = '/\\:*?"<>|';

/**
 * A file name safe as one part of a ZIP path (no folder separators, no leading dots, no control
 * characters), and unique among `taken` (a second `scan.pdf` becomes `scan (2).pdf`).
 */
export function archiveFileName(name: string, taken: Set<string>): string {
  const plain =
    [...name]
      .map((char) =>
        char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 || UNSAFE_IN_NAMES.includes(char) ? '_' : char,
      )
      .join('')
      .replace(/^[.\s]+/, '')
      .trim() || 'file';
  const dot = plain.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [plain.slice(0, dot), plain.slice(dot)] : [plain, ''];
  let candidate = plain;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The files of the client's applications the archive holds: every file they uploaded (earlier
 * versions too: the portal keeps them), a certificate filed by hand, and the authority's documents
 * each service lets its applicant download (its actions' documents, the latest of each).
 */
async function documentsOf(ctx: ArchiveContext, clientId: number): Promise<ArchivedDocument[]> {
  const attachments = await ctx.db
    .selectFrom('attachments')
    .innerJoin('applications', 'applications.id', 'attachments.application_id')
    .select([
      'attachments.id',
      'attachments.application_id',
      'attachments.path',
      'attachments.name',
      'attachments.description',
      'attachments.internal',
      'applications.service_id',
    ])
    .where('applications.client_id', '=', clientId)
    .orderBy('attachments.id')
    .execute();
  const downloadable = downloadableDocuments(ctx.definitions);
  const own = attachments.filter((row) => row.internal === 0);
  // The latest of each document the applicant may download; never another internal file.
  const filed = new Map<string, (typeof attachments)[number]>();
  for (const row of attachments) {
    if (row.internal !== 1) continue;
    const allowed = downloadable.some(
      ({ definition, document }) => definition.id === row.service_id && document.description === row.description,
    );
    if (allowed) filed.set(`${row.application_id} ${row.description}`, row);
  }
  const certificates = await ctx.db
    .selectFrom('applications')
    .select(['id as application_id', 'manual_certificate_path as path', 'manual_certificate_name as name'])
    .where('client_id', '=', clientId)
    .where('manual_certificate_path', 'is not', null)
    .execute();
  return [
    ...own,
    ...filed.values(),
    ...certificates.flatMap((row) =>
      row.path ? [{ application_id: row.application_id, path: row.path, name: row.name ?? 'certificate.pdf' }] : [],
    ),
  ].map((row) => ({ application_id: row.application_id, path: row.path, name: row.name }));
}

/**
 * The certificates (or letters) of the client's approved applications, made as the verification
 * address makes them (a certificate processed by hand is its filed file, among the documents).
 * Named now, rendered when the ZIP reaches them.
 */
async function certificatesOf(ctx: ArchiveContext, clientId: number) {
  const rows = await certificateRows(ctx.db).where('applications.client_id', '=', clientId).execute();
  const made = [];
  for (const row of rows.filter((r) => hasCertificate(r) && r.manually_processed !== 1)) {
    const verifyUrl = `${ctx.config.publicUrl}/api/${certificatePath(row.certificate_token)}`;
    const { document } = await approvedCertificate(ctx, row, verifyUrl);
    if (document) made.push({ application_id: row.id, ...document });
  }
  return made;
}

/** The e-mails queued for the client: subject (in `language`), when, and whether they went. */
async function emailsOf(ctx: ArchiveContext, client: Client, language: string | undefined) {
  const rows = await ctx.db
    .selectFrom('mail_queue')
    .leftJoin('applications', 'applications.id', 'mail_queue.application_id')
    .select([
      'mail_queue.kind',
      'mail_queue.params',
      'mail_queue.created_at',
      'mail_queue.sent_at',
      'mail_queue.last_error',
      'applications.app_id',
      'applications.service_id',
      'applications.status_id',
      'applications.definition_version',
    ])
    .where('mail_queue.client_id', '=', client.id)
    .orderBy('mail_queue.id')
    .execute();
  const translate = (english: string) => ctx.messages.translateKey(english, language);
  return rows.map((row) => {
    const application =
      row.app_id !== null && row.service_id !== null && row.status_id !== null && row.definition_version !== null
        ? {
            app_id: row.app_id,
            service_id: row.service_id,
            status_id: row.status_id,
            definition_version: row.definition_version,
          }
        : null;
    const params = JSON.parse(row.params) as { recipient?: unknown };
    return {
      subject: queuedMailSubject(
        ctx,
        { kind: row.kind, params: row.params, first_name: client.first_name, application },
        translate,
        (title) => ctx.messages.translate(title, language),
      ),
      to: typeof params.recipient === 'string' ? params.recipient : client.email,
      application: application?.app_id ?? null,
      created_at: row.created_at,
      sent_at: row.sent_at,
      // Why one was not sent is the sender's own note (an SMTP server's answer): only the outcome is shown.
      status: row.sent_at === null ? 'waiting' : row.last_error?.startsWith('not sent') ? 'not sent' : 'sent',
    };
  });
}

/**
 * The archive of `client`'s data as a ZIP stream, its README in `language` (undefined: English). The
 * stream fails (and the download with it) when the database or the file store fails on the way.
 */
export async function ownDataArchive(
  ctx: ArchiveContext,
  client: Client,
  language: string | undefined,
  now = new Date(),
): Promise<Readable> {
  const { db } = ctx;
  const [companies, reports, applications, documents, emails, certificates] = await Promise.all([
    db.selectFrom('companies').selectAll().where('client_id', '=', client.id).orderBy('id').execute(),
    db
      .selectFrom('recycled_reports')
      .innerJoin('companies', 'companies.id', 'recycled_reports.company_id')
      .select([
        'recycled_reports.id',
        'recycled_reports.company_id',
        'companies.name as company',
        'recycled_reports.report_month',
        'recycled_reports.quantity',
        'recycled_reports.created_at',
      ])
      .where('recycled_reports.client_id', '=', client.id)
      .orderBy('recycled_reports.id')
      .execute(),
    db.selectFrom('applications').select(['id', 'app_id']).where('client_id', '=', client.id).orderBy('id').execute(),
    documentsOf(ctx, client.id),
    emailsOf(ctx, client, language),
    certificatesOf(ctx, client.id),
  ]);

  const zip = new ZipFile();
  const mtime = now;
  const translate = (english: string) => ctx.messages.translateKey(english, language);
  zip.addBuffer(Buffer.from(archiveReadme(translate, now.toISOString().slice(0, 10)), 'utf8'), 'README.txt', {
    mtime,
  });
  zip.addBuffer(json(accountOf(client)), 'account.json', { mtime });
  zip.addBuffer(json(companies), 'companies.json', { mtime });
  zip.addBuffer(json(reports), 'reports.json', { mtime });
  zip.addBuffer(json(emails), 'emails.json', { mtime });

  const failed = (error: unknown) => (zip.outputStream as Readable).destroy(error as Error);
  for (const application of applications) {
    const folder = `applications/${archiveFileName(application.app_id, new Set())}`;
    // Read when the ZIP reaches it: one application's answers in memory at a time.
    zip.addReadStreamLazy(`${folder}/application.json`, { mtime }, (done) => {
      db.selectFrom('applications')
        .selectAll()
        .where('id', '=', application.id)
        .where('client_id', '=', client.id)
        .executeTakeFirstOrThrow()
        .then((row) => applicationDetailOf(ctx, row))
        .then(
          (detail) => done(null, Readable.from([json(detail)])),
          (error: unknown) => done(error, Readable.from([])),
        );
    });
    const taken = new Set<string>();
    for (const document of documents.filter((d) => d.application_id === application.id)) {
      zip.addReadStreamLazy(`${folder}/documents/${archiveFileName(document.name, taken)}`, { mtime }, (done) => {
        ctx.files.open(document.path).then(
          // A file the store no longer has (removed by hand) is an empty entry: the rest still downloads.
          (opened) => done(null, opened?.body ?? Readable.from([])),
          (error: unknown) => done(error, Readable.from([])),
        );
      });
    }
    for (const certificate of certificates.filter((c) => c.application_id === application.id)) {
      zip.addReadStreamLazy(
        `${folder}/documents/${archiveFileName(certificate.fileName, taken)}`,
        { mtime },
        (done) => {
          certificate.render().then(
            (pdf) => done(null, Readable.from([Buffer.from(pdf)])),
            (error: unknown) => done(error, Readable.from([])),
          );
        },
      );
    }
  }
  zip.on('error', failed);
  zip.end();
  return zip.outputStream as Readable;
}
