import { entryText, summariseField, type SummaryEntry } from './answer-summary';
import type { JsonSchema, ServiceDefinition, ViewRow, ViewTable } from './definition-types';
import { definedProperties, schemaAtPath, uiAtPath } from './schema-walk';
import {
  ENGLISH_VALUE_TEXTS,
  EMPTY_VALUE,
  formatDate,
  formatNumber,
  isEmptyValue,
  listItem,
  optionTitle,
  yesNo,
  type ValueTexts,
} from './value-format';
import { isRecord, valueAt } from './value-path';
import { readableDateTime, readableTime } from './time-values';

/**
 * View model of the application view's detail table: one `{ label, value }` per `view.rows` entry
 * of the definition, read from the service record (`application[view.record]`).
 */

export interface DetailRow {
  label: string;
  value: string;
}

/** The first non-empty value among the row's field and its fallbacks. */
export function rowValue(row: ViewRow, record: unknown): unknown {
  for (const path of [row.field, ...(row.fallback ?? [])]) {
    const value = valueAt(record, path);
    if (!isEmptyValue(value)) return value;
  }
  return undefined;
}

/**
 * Detail rows of a record (`records`: the application's other records by key, for the rows that
 * name one; a row superseded by a later answer reads empty). Text values that are codes of an enum-like form field (oneOf consts,
 * `ui:enumNames`, at any depth of the form) are shown by their titles; formats: date (YYYY-MM-DD), time ('10:30 (UTC+02:00)'),
 * date-time ('2026-06-01 08:30 (UTC)'), yesno, list, number; a row without one takes its field's
 * schema `format` (date, time, date-time and their iso- forms). A section of the form (an object
 * field) reads as its answers, `Label: value` joined by '; ', and rows as their cells (`entryText`).
 * Empty values read '-'. `texts` gives Yes/No in the interface language.
 */
export function detailRows(
  definition: Pick<ServiceDefinition, 'view' | 'formSchema' | 'uiSchema'>,
  record: unknown,
  texts: Pick<ValueTexts, 'yes' | 'no'> = ENGLISH_VALUE_TEXTS,
  records: Readonly<Record<string, unknown>> = {},
): DetailRow[] {
  return definition.view.rows.map((row) => {
    const entry = viewRowEntry(definition, row, record, texts, records);
    return { label: row.label, value: entry ? entryText(entry) : EMPTY_VALUE };
  });
}

/**
 * One view row as the read-only view draws it, undefined when it reads empty: a section (titled by
 * the row's label) for an object of the form with fields, a table for its rows, else an answer.
 */
function viewRowEntry(
  definition: Pick<ServiceDefinition, 'view' | 'formSchema' | 'uiSchema'>,
  row: ViewRow,
  record: unknown,
  texts: Pick<ValueTexts, 'yes' | 'no'>,
  records: Readonly<Record<string, unknown>>,
): SummaryEntry | undefined {
  const own = definition.view.record;
  const recordOf = (key: string | undefined) => (key === undefined || key === own ? record : records[key]);
  const { supersededBy } = row;
  if (supersededBy && !isEmptyValue(valueAt(recordOf(supersededBy.record ?? row.record), supersededBy.field)))
    return undefined;
  // The form's schema and ui describe the view's record only: another record's values show as they are.
  const ownRecord = row.record === undefined || row.record === own;
  const ui = ownRecord ? uiAtPath(definition.uiSchema, row.field) : undefined;
  const schema = ownRecord ? schemaAtPath(definition.formSchema, row.field) : undefined;
  const value = rowValue(row, recordOf(row.record));
  if (isEmptyValue(value)) return undefined;
  if (row.format === undefined && isStructured(value, schema))
    return summariseField(row.field, row.label, schema, ui, value, definition.uiSchema, {
      texts: { ...ENGLISH_VALUE_TEXTS, ...texts },
    });
  return { kind: 'answer', field: row.field, label: row.label, value: valueText(row, value, schema, ui, texts) };
}

/** True for a value the summary draws as a section or a table: an object of a schema with fields, or its rows. */
function isStructured(value: unknown, schema: JsonSchema | undefined): boolean {
  // A value the form's schema does not describe (another record's, a relation the server adds) shows as it is.
  if (schema === undefined) return false;
  if (Array.isArray(value)) return value.some(isRecord) && isRecord(schema.items) && hasFields(schema.items);
  return isRecord(value) && hasFields(schema);
}

const hasFields = (schema: JsonSchema): boolean => definedProperties(schema).size > 0;

/**
 * The read-only view's answers as the view draws them (`AnswerSummary` of engine/react): the choice of
 * form first (as `answeredViewRows`), then each answered view row of the form's record, a section of
 * the form under the row's label with its own answers, rows as a table.
 */
export function answeredViewSummary(
  form: Pick<ServiceDefinition, 'view' | 'formSchema' | 'uiSchema' | 'variant'>,
  application: Readonly<Record<string, unknown>>,
  choice: string | undefined,
  texts: Pick<ValueTexts, 'yes' | 'no'> = ENGLISH_VALUE_TEXTS,
): SummaryEntry[] {
  const chosen: SummaryEntry[] =
    choice && form.variant ? [{ kind: 'answer', field: '', label: choice, value: form.variant.label }] : [];
  const record = application[form.view.record];
  const rows = form.view.rows
    .map((row) => viewRowEntry(form, row, record, texts, application))
    .filter((entry): entry is SummaryEntry => entry !== undefined);
  return [...chosen, ...rows];
}

/**
 * The rows an applicant answered: a row whose value is empty (a question the form did not ask, or an
 * optional one left blank) is left out of the read-only view, as a check-your-answers page does.
 */
export function answeredRows(rows: readonly DetailRow[]): DetailRow[] {
  return rows.filter((row) => row.value !== EMPTY_VALUE);
}

/**
 * The rows the read-only view of an application shows, in the order it shows them: the choice of
 * form (`choice`, the label of a service's choice between its forms, with the chosen form's label),
 * then the answered detail rows of the form's record (`application[form.view.record]`, and the other
 * records of the answer for rows that name one). The portal's
 * view and the server's copy of an application both take them from here, so they say the same.
 */
export function answeredViewRows(
  form: Pick<ServiceDefinition, 'view' | 'formSchema' | 'uiSchema' | 'variant'>,
  application: Readonly<Record<string, unknown>>,
  choice: string | undefined,
  texts: Pick<ValueTexts, 'yes' | 'no'> = ENGLISH_VALUE_TEXTS,
): DetailRow[] {
  const chosen = choice && form.variant ? [{ label: choice, value: form.variant.label }] : [];
  return [...chosen, ...answeredRows(detailRows(form, application[form.view.record], texts, application))];
}

/** The text of one row's value, by the row's format. */
function valueText(
  row: ViewRow,
  value: unknown,
  schema: Record<string, unknown> | undefined,
  ui: unknown,
  texts: Pick<ValueTexts, 'yes' | 'no'>,
): string {
  const uiOf = isRecord(ui) ? ui : undefined;
  if (isEmptyValue(value)) return EMPTY_VALUE;
  switch (row.format ?? formatOfField(schema)) {
    case 'date':
      return formatDate(value);
    case 'time':
      return typeof value === 'string' ? readableTime(value) : listItem(value);
    case 'date-time':
      return typeof value === 'string' ? readableDateTime(value) : listItem(value);
    case 'yesno':
      return optionTitle(schema, uiOf, value === 1 ? true : value === 0 ? false : value) ?? yesNo(value, texts);
    case 'list':
      return Array.isArray(value) ? value.map(listItem).join(', ') : listItem(value);
    case 'number':
      return formatNumber(value);
    default: {
      if (isStructured(value, schema)) {
        // A cell holding a section or rows: its answers on one line.
        const entry = summariseField(
          '',
          row.label,
          schema,
          uiOf,
          value,
          {},
          { texts: { ...ENGLISH_VALUE_TEXTS, ...texts } },
        );
        return entry ? entryText(entry) : EMPTY_VALUE;
      }
      const items = isRecord(schema?.items) ? schema.items : undefined;
      const itemsUi = isRecord(uiOf?.items) ? uiOf.items : undefined;
      return (
        optionTitle(schema, uiOf, value) ??
        (Array.isArray(value)
          ? value.map((v) => optionTitle(items, itemsUi, v) ?? optionTitle(items, uiOf, v) ?? listItem(v)).join(', ')
          : listItem(value))
      );
    }
  }
}

/** The row format a field's own schema `format` implies, for a row that names none. */
function formatOfField(schema: Record<string, unknown> | undefined): ViewRow['format'] {
  switch (schema?.format) {
    case 'date':
      return 'date';
    case 'time':
    case 'iso-time':
      return 'time';
    case 'date-time':
    case 'iso-date-time':
      return 'date-time';
    default:
      return undefined;
  }
}

/** One table of the application view: column labels and a row of texts per item of the list. */
export interface DetailTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/**
 * The view's tables of lists (`view.tables`), read from the `application/{id}` answer: each table's
 * list is `application[table.record ?? view.record][table.field]` (a follow-up call's record is named
 * by the call). Columns are formatted as detail rows are, with the option titles of the list's items.
 */
export function detailTables(
  definition: Pick<ServiceDefinition, 'view' | 'formSchema' | 'uiSchema'>,
  application: Record<string, unknown>,
  texts: Pick<ValueTexts, 'yes' | 'no'> = ENGLISH_VALUE_TEXTS,
): DetailTable[] {
  return (definition.view.tables ?? []).map((table: ViewTable) => {
    const list = valueAt(application[table.record ?? definition.view.record], table.field);
    const items = Array.isArray(list) ? list : [];
    // A follow-up call's rows are the form's list as it sent them: the list's schema describes them too.
    const itemSchema = schemaAtPath(definition.formSchema, table.field)?.items;
    const fieldUi = uiAtPath(definition.uiSchema, table.field);
    const itemsUi = isRecord(fieldUi) && isRecord(fieldUi.items) ? fieldUi.items : {};
    return {
      title: table.title,
      columns: table.columns.map((column) => column.label),
      rows: items.map((item) =>
        table.columns.map((column) => {
          const schema = isRecord(itemSchema) ? schemaAtPath(itemSchema, column.field) : undefined;
          return valueText(column, rowValue(column, item), schema, uiAtPath(itemsUi, column.field), texts);
        }),
      ),
    };
  });
}
