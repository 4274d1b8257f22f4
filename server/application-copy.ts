/**
 * The applicant's copy of a submitted application (`GET application/{id}/copy`), made from the stored
 * record in the caller's language: what the portal's view of it shows (the service, the number, the
 * status, the answered rows and tables, taken by the engine's same functions from the same translated
 * definition), the date it was submitted, and the documents uploaded with their sizes and fingerprints
 * (SHA-256), so the paper can be compared with the files. The layout and the PDF are in
 * `certificates/`; this module decides what the copy says.
 */
import { createHash } from 'node:crypto';
import {
  answeredViewRows,
  detailTables,
  formOfApplication,
  presentStatus,
  serviceStatuses,
  type ServiceDefinition,
} from '../engine/core';
import { localizeFromDisk } from '../engine/core/node';
import { currentAttachments } from './application-summaries';
import type { AppContext } from './context';
import type { Application } from './db/tables';
import type { CopyBlock } from './certificates/copy-layout';
import type { ApplicationCopyDocument } from './certificates/application-copy-pdf';
import type { FileStore } from './storage/file-store';

/** The answer to a copy of a draft: there is nothing submitted to copy yet. */
export const NOT_SUBMITTED = 'Only a submitted application has a copy to download.';

/** The server's texts of a copy in one language (English keys of `server/i18n`, values filled in). */
export type CopyTranslate = (english: string, values?: Record<string, string | number>) => string;

/** One of the applicant's documents as the copy lists it. */
export interface CopyDocument {
  /** What the document is (its place in the documents step), else its file name. */
  title: string;
  fileName: string;
  size: number;
  /** SHA-256 of the stored bytes (hex), or null when the stored file is missing. */
  sha256: string | null;
}

/** The facts of a copy, read from the stored application. */
export interface CopyFacts {
  /** The service's definition the application is shown by, in the reader's language. */
  definition: ServiceDefinition;
  application: Pick<
    Application,
    'app_id' | 'status_id' | 'resubmitted' | 'manually_processed' | 'final_certificate_uploaded' | 'submitted_at'
  >;
  /** The application's saved records by record key (as the `application/{id}` answer nests them). */
  records: Readonly<Record<string, unknown>>;
  documents: readonly CopyDocument[];
  /** When the copy is made (ISO). */
  madeAt: string;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size as people read it (`532 B`, `12.4 KB`, `3.1 MB`), with the language's decimal sign and units. */
export function readableSize(bytes: number, language: string, translate: CopyTranslate): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${translate(UNITS[unit] ?? 'B')}`;
}

/** The blocks of a copy, in reading order: the facts, the view's rows and tables, the documents. */
export function copyBlocks(facts: CopyFacts, language: string, translate: CopyTranslate): CopyBlock[] {
  const { definition, application } = facts;
  // The application as the `application/{id}` answer holds it: its records under their keys.
  const shown = { ...facts.records, application_status_id: application.status_id };
  // A service with several forms shows the one whose record the application holds.
  const form = formOfApplication(definition, shown);
  const status = presentStatus(
    {
      application_status_id: application.status_id,
      resubmitted: application.resubmitted,
      manually_processed: application.manually_processed,
      final_certificate_uploaded: application.final_certificate_uploaded,
    },
    serviceStatuses(form),
  );
  // A service's own status label comes translated with its definition; the platform's from the server's texts.
  const own = serviceStatuses(form).some((candidate) => candidate.id === application.status_id);
  const texts = { yes: translate('Yes'), no: translate('No') };
  const rows = answeredViewRows(form, shown, definition.variants?.label, texts);

  const blocks: CopyBlock[] = [
    { kind: 'title', text: definition.title },
    { kind: 'row', label: translate('Application number'), value: application.app_id },
    { kind: 'row', label: translate('Status'), value: own ? status.label : translate(status.label) },
    { kind: 'row', label: translate('Submitted on'), value: (application.submitted_at ?? '-').slice(0, 10) },
    { kind: 'row', label: translate('Copy made on'), value: facts.madeAt.slice(0, 10) },
  ];
  if (rows.length > 0) {
    blocks.push({ kind: 'heading', text: translate('Details') });
    for (const row of rows) blocks.push({ kind: 'row', label: row.label, value: row.value });
  }
  for (const table of detailTables(form, shown, texts)) {
    blocks.push({ kind: 'heading', text: table.title });
    if (table.rows.length === 0) blocks.push({ kind: 'paragraph', text: translate('None.') });
    table.rows.forEach((cells, index) => {
      blocks.push({ kind: 'paragraph', text: `${index + 1}.` });
      table.columns.forEach((column, at) => blocks.push({ kind: 'row', label: column, value: cells[at] ?? '' }));
    });
  }
  blocks.push({ kind: 'heading', text: translate('Uploaded documents') });
  if (facts.documents.length === 0) blocks.push({ kind: 'paragraph', text: translate('No documents were uploaded.') });
  for (const document of facts.documents) {
    blocks.push(
      { kind: 'row', label: document.title, value: document.fileName },
      { kind: 'row', label: translate('Size'), value: readableSize(document.size, language, translate) },
      { kind: 'stacked', label: translate('SHA-256'), value: document.sha256 ?? '-', small: true },
    );
  }
  return blocks;
}

/** The whole copy as the PDF renderer takes it. */
export function copyDocument(
  facts: CopyFacts,
  language: string,
  translate: CopyTranslate,
  authority: string,
): ApplicationCopyDocument {
  return {
    title: `${facts.definition.title} (${facts.application.app_id})`,
    author: authority,
    language,
    blocks: copyBlocks(facts, language, translate),
    footer: (page, pages) =>
      `${facts.application.app_id} · ${translate('Page {{page}} of {{pages}}', { page, pages })}`,
  };
}

/** SHA-256 (hex) of a stored file, read as a stream; null when the store has no such file. */
export async function storedFingerprint(files: FileStore, key: string): Promise<string | null> {
  const opened = await files.open(key);
  if (!opened) return null;
  const hash = createHash('sha256');
  for await (const chunk of opened.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The applicant's documents of an application as its view lists them (the latest file of each, the
 * authority's internal ones left out), with their fingerprints: the one taken at upload, else one
 * computed now from the stored file (files uploaded before fingerprints were kept) and kept for the
 * next copy.
 */
export async function copyDocuments(
  ctx: Pick<AppContext, 'db' | 'files'>,
  applicationId: number,
): Promise<CopyDocument[]> {
  const rows = await ctx.db
    .selectFrom('attachments')
    .select(['id', 'description', 'path', 'name', 'size', 'sha256', 'created_at'])
    .where('application_id', '=', applicationId)
    .where('internal', '=', 0)
    .orderBy('id')
    .execute();
  const documents: CopyDocument[] = [];
  for (const row of currentAttachments(rows)) {
    let sha256 = row.sha256;
    if (!sha256) {
      sha256 = await storedFingerprint(ctx.files, row.path);
      if (sha256)
        await ctx.db
          .updateTable('attachments')
          .set({ sha256 })
          .where('id', '=', row.id)
          .where('sha256', 'is', null)
          .execute();
    }
    documents.push({ title: row.description || row.name, fileName: row.name, size: row.size, sha256 });
  }
  return documents;
}

// One translated copy of a definition per language: made once, the catalogues being read at start.
const localized = new WeakMap<ServiceDefinition, Map<string, ServiceDefinition>>();

/** `definition` as the portal shows it in `language` (the English original without a services folder). */
export function definitionIn(
  servicesDir: string | null,
  definition: ServiceDefinition,
  language: string,
): ServiceDefinition {
  if (language === 'en' || !servicesDir) return definition;
  let byLanguage = localized.get(definition);
  if (!byLanguage) {
    byLanguage = new Map();
    localized.set(definition, byLanguage);
  }
  let copy = byLanguage.get(language);
  if (!copy) {
    copy = localizeFromDisk(servicesDir, definition, language);
    byLanguage.set(language, copy);
  }
  return copy;
}
