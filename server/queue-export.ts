/**
 * The queue's export (`GET staff/queue/export`): one row per application under the queue's filters,
 * its answers flattened by its form's schema (engine/core/export-columns.ts) with the fields' titles and
 * the answers as people read them (a choice's title, Yes/No) in the chosen language, its documents as links to the staff download route. CSV (RFC 4180, with a
 * guard against formulas) or JSON (`{ columns, rows }`). The rows are read in batches by id and
 * written as the reader takes them, so the server's memory stays flat however many there are. An
 * export is a staff read: each batch read writes its applications' internal history rows (`exported`,
 * with who and which session) before it is sent.
 */
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import {
  exportCell,
  exportColumns,
  formsOf,
  rowListPaths,
  statusKey,
  type ExportCell,
  type ExportColumn,
  type ServiceDefinition,
  type StaffActor,
} from '../engine/core';
import { definitionIn } from './application-copy';
import { writeInternalRows } from './transitions/execute';
import type { AppContext } from './context';
import { applicantName } from './applicant-name';
import { companyNames, queueConditions, whereAll, type QueueFilter } from './staff-queue';
import { staffDocumentPath } from './staff-review';
import { ValidationError } from './http';
import { contentDisposition } from './storage/stored-files';

/** Rows read at a time. */
export const EXPORT_BATCH = 500;
/** The most rows of a list given columns of their own (a longer list's further rows are left out). */
export const MAX_LIST_ROWS = 50;

export type ExportFormat = 'csv' | 'json';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'definitions' | 'servicesDir' | 'messages' | 'config'>;

/** A column of the export: its key (`answers.<path>` for an answer) and its title. */
interface Column {
  key: string;
  title: string;
}

/** The application's own columns, before the answers: key and English title (translated by the server's catalogues). */
const FIXED_COLUMNS = [
  ['app_id', 'Application number'],
  ['service', 'Service'],
  ['status', 'Status'],
  ['applicant', 'Applicant'],
  ['email', 'E-mail'],
  ['company', 'Company'],
  ['submitted_at', 'Submitted on'],
  ['assignee', 'Assignee'],
  ['documents', 'Documents'],
] as const;

/** A CSV cell (RFC 4180): quoted when it holds a quote, comma or line break; a text a spreadsheet would run as a formula is prefixed with `'`. */
export function csvCell(value: ExportCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of `cells`, ended by CRLF. */
export const csvLine = (cells: readonly ExportCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The columns with titles of their own: a title a column before has already (a form's field titled
 * like one of the application's columns, two forms' fields of one title) gets its answer's path.
 */
function distinctTitles(columns: readonly Column[]): Column[] {
  const seen = new Set<string>();
  return columns.map((column) => {
    const title = seen.has(column.title) ? `${column.title} (${column.key.replace(/^answers\./, '')})` : column.title;
    seen.add(title);
    return { ...column, title };
  });
}

/** The longest list at `path` of the records `recordKey` of the applications under `filter`. */
async function longestList(ctx: Ctx, filter: QueueFilter, recordKey: string, path: string): Promise<number> {
  const segments = path.split('.');
  const length =
    ctx.dialect === 'postgres'
      ? sql<number>`case when jsonb_typeof(r.data::jsonb #> ${sql.lit(`{${segments.join(',')}}`)}) = 'array'
          then jsonb_array_length(r.data::jsonb #> ${sql.lit(`{${segments.join(',')}}`)}) end`
      : sql<number>`json_array_length(r.data, ${sql.lit(`$.${path}`)})`;
  const row = await whereAll(
    ctx.db
      .selectFrom('application_records as r')
      .innerJoin('applications', 'applications.id', 'r.application_id')
      .where('r.record_key', '=', recordKey),
    queueConditions(ctx, filter),
  )
    .select(sql<number | null>`max(${length})`.as('n'))
    .executeTakeFirst();
  return Math.min(Number(row?.n ?? 0), MAX_LIST_ROWS);
}

/**
 * The answer columns of the services' forms in `language` (a path shared by two forms: one column),
 * and each service's own fields by path, which read its cells.
 */
async function answerColumns(
  ctx: Ctx,
  filter: QueueFilter,
  language: string,
): Promise<{
  columns: Column[];
  records: Map<string, ServiceDefinition>;
  paths: Map<number, Map<string, ExportColumn>>;
}> {
  const columns = new Map<string, string>();
  const records = new Map<string, ServiceDefinition>();
  // The fields each service's forms answer: a row fills those of its service only, read by its own form.
  const paths = new Map<number, Map<string, ExportColumn>>();
  for (const service of filter.services) {
    const own = new Map<string, ExportColumn>();
    paths.set(service.id, own);
    for (const form of formsOf(definitionIn(ctx.servicesDir, service, language))) {
      records.set(form.view.record, form);
      const rows = new Map<string, number>();
      for (const path of rowListPaths(form.formSchema, form.uiSchema))
        rows.set(path, await longestList(ctx, filter, form.view.record, path));
      for (const column of exportColumns(form.formSchema, form.uiSchema, (path) => rows.get(path) ?? 0)) {
        if (!own.has(column.path)) own.set(column.path, column);
        if (!columns.has(column.path)) columns.set(column.path, column.title);
      }
    }
  }
  return { columns: [...columns].map(([path, title]) => ({ key: `answers.${path}`, title })), records, paths };
}

/** One batch of applications after id `after`, with what their rows show. */
async function batchAfter(ctx: Ctx, filter: QueueFilter, after: number, recordKeys: readonly string[]) {
  const rows = await whereAll(
    ctx.db
      .selectFrom('applications')
      .innerJoin('clients', 'clients.id', 'applications.client_id')
      .where('applications.id', '>', after),
    queueConditions(ctx, filter),
  )
    .select([
      'applications.id',
      'applications.app_id',
      'applications.service_id',
      'applications.status_id',
      'applications.submitted_at',
      'applications.assignee',
      'clients.first_name',
      'clients.other_name',
      'clients.last_name',
      'clients.email',
    ])
    .orderBy('applications.id')
    .limit(EXPORT_BATCH)
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length === 0)
    return { rows, records: new Map<number, unknown>(), documents: new Map(), companies: new Map() };
  const [records, attachments, companies] = await Promise.all([
    recordKeys.length > 0
      ? ctx.db
          .selectFrom('application_records')
          .select(['application_id', 'data'])
          .where('application_id', 'in', ids)
          .where('record_key', 'in', [...recordKeys])
          .execute()
      : Promise.resolve([]),
    ctx.db
      .selectFrom('attachments')
      .select(['id', 'application_id', 'description'])
      .where('application_id', 'in', ids)
      .orderBy('id')
      .execute(),
    companyNames(ctx, filter.services, ids),
  ]);
  const documents = new Map<number, string[]>();
  for (const row of attachments)
    documents.set(row.application_id, [
      ...(documents.get(row.application_id) ?? []),
      `${row.description}: ${ctx.config.publicUrl}${staffDocumentPath(row.application_id, row.id)}`,
    ]);
  return {
    rows,
    records: new Map(records.map((row) => [row.application_id, JSON.parse(row.data) as unknown])),
    documents,
    companies,
  };
}

/**
 * The export of the applications under `filter` for `actor` as a stream of `format` with the headers
 * of its answer, the titles in `language` (422 naming `lang` when the portal has no such language).
 * Each application read is recorded in its history (internal, `exported`), a batch at a time.
 */
export async function queueExport(
  ctx: Ctx,
  actor: StaffActor,
  filter: QueueFilter,
  format: ExportFormat,
  language: string,
): Promise<{ headers: Record<string, string>; stream: Readable }> {
  if (language !== 'en' && !ctx.messages.languages.has(language))
    throw new ValidationError([{ field: 'lang', message: 'The portal has no translation in this language.' }]);
  const translate = (english: string) => ctx.messages.translateKey(english, language === 'en' ? undefined : language);
  // Yes/No of the answers, in the export's language (their choices' titles come with the definition's).
  const texts = { yes: translate('Yes'), no: translate('No') };
  const answers = await answerColumns(ctx, filter, language);
  const columns = distinctTitles([
    ...FIXED_COLUMNS.map(([key, english]) => ({ key, title: translate(english) })),
    ...answers.columns,
  ]);
  const byId = new Map(filter.services.map((definition) => [definition.id, definition]));
  const recordKeys = [...answers.records.keys()];
  // Where each service's answers go: [column index, the service's field there].
  const cellsOf = new Map(
    [...answers.paths].map(([service, fields]) => [
      service,
      columns.flatMap((column, index) => {
        const field = column.key.startsWith('answers.') ? fields.get(column.key.slice('answers.'.length)) : undefined;
        return field ? [[index, field] as const] : [];
      }),
    ]),
  );

  async function* lines(): AsyncGenerator<string> {
    yield format === 'csv'
      ? `\uFEFF${csvLine(columns.map((column) => column.title))}`
      : `{"columns":${JSON.stringify(columns)},"rows":[`;
    let after = 0;
    let first = true;
    for (;;) {
      const batch = await batchAfter(ctx, filter, after, recordKeys);
      if (batch.rows.length === 0) break;
      await writeInternalRows(ctx.db, ctx.dialect, batch.rows, actor, { kind: 'exported' });
      let chunk = '';
      for (const row of batch.rows) {
        const definition = byId.get(row.service_id);
        const record = batch.records.get(row.id) ?? null;
        // In the order of FIXED_COLUMNS.
        const fixed: ExportCell[] = [
          row.app_id,
          definition?.key ?? String(row.service_id),
          definition ? statusKey(definition, row.status_id) : `#${row.status_id}`,
          applicantName(row),
          row.email,
          batch.companies.get(row.id) ?? null,
          row.submitted_at,
          row.assignee ?? null,
          (batch.documents.get(row.id) as string[] | undefined)?.join('\n') ?? null,
        ];
        const cells: ExportCell[] = [...fixed, ...new Array<ExportCell>(columns.length - fixed.length).fill(null)];
        for (const [index, field] of cellsOf.get(row.service_id) ?? []) cells[index] = exportCell(record, field, texts);
        if (format === 'csv') chunk += csvLine(cells);
        else {
          chunk += `${first ? '' : ','}${JSON.stringify(Object.fromEntries(columns.map((column, i) => [column.key, cells[i] ?? null])))}`;
          first = false;
        }
      }
      yield chunk;
      after = batch.rows[batch.rows.length - 1]?.id ?? after;
      if (batch.rows.length < EXPORT_BATCH) break;
    }
    if (format === 'json') yield ']}';
  }

  const day = new Date().toISOString().slice(0, 10);
  return {
    headers: {
      'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': contentDisposition(`applications-${day}.${format}`),
      'Cache-Control': 'no-store',
    },
    stream: Readable.from(lines()),
  };
}
