import type { JsonSchema, UiSchema } from './definition-types';
import { bindingsOfUiSchema, type WidgetBinding } from './lookup-bindings';
import { definedProperties, visibleProperties, type SchemaMatcher } from './schema-walk';
import { ENGLISH_VALUE_TEXTS, isEmptyValue, listItem, optionTitle, yesNo, type ValueTexts } from './value-format';
import { isRecord } from './value-path';

/**
 * The answers of a form as people read them, at any depth: the one model the wizard's confirm step
 * and the read-only view of an application (and the studio's tabs, which draw those) are drawn from.
 * A field that is an object (a section of the form) is a section titled by its title, holding its own
 * answers; a list of objects (rows) is a table with a column per answered field; every other answer is
 * its label and its value as text, a choice by its title (`oneOf`/`anyOf` titles, `ui:enumNames` or
 * `enumNames`, at any depth and in every row), so the texts of a localised definition show.
 */

/** One answer: its label (the field's title) and its value as text. */
export interface SummaryAnswer {
  kind: 'answer';
  /** Dotted path of the field (a row's cells are named by the list's path and the column). */
  field: string;
  label: string;
  value: string;
}

/** A section of the form (a field that is an object) with the answers it holds. */
export interface SummarySection {
  kind: 'section';
  field: string;
  title: string;
  entries: SummaryEntry[];
}

/** A list of rows (a field that is a list of objects): its answered columns and a text per cell. */
export interface SummaryTable {
  kind: 'table';
  field: string;
  title: string;
  /** The dotted path of each column's field (`transit_states.state_of_dispatch`). */
  fields: string[];
  columns: string[];
  rows: string[][];
}

export type SummaryEntry = SummaryAnswer | SummarySection | SummaryTable;

export interface AnswerSummaryOptions {
  /**
   * Evaluates the `if` conditions that decide which branch's fields are shown (the form's validator).
   * Without it every field the schema can define is shown when answered: the read-only view, which
   * shows what the record holds.
   */
  matches?: SchemaMatcher;
  /** Names of fetched options per field (dotted field -> id -> name), e.g. the items checklist's. */
  lookupNames?: Record<string, Record<string, string>>;
  /** Yes/No and "n selected" in the interface language (English by default). */
  texts?: ValueTexts;
}

/** Orders names by `ui:order` (with `*` standing for every unlisted name, appended when absent). */
export function applyUiOrder(names: readonly string[], order: unknown): string[] {
  if (!Array.isArray(order)) return [...names];
  const listed = order.filter((n): n is string => typeof n === 'string');
  const rest = names.filter((n) => !listed.includes(n));
  const result: string[] = [];
  for (const entry of listed) {
    if (entry === '*') result.push(...rest);
    else if (names.includes(entry)) result.push(entry);
  }
  if (!listed.includes('*')) result.push(...rest);
  return result;
}

/** A label made from a field's name, for a field without a title (`other_kind` -> 'Other kind'). */
function humanize(field: string): string {
  const text = field.replace(/_id$/, '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of a field: `ui:title`, `ui:options.title`, the schema's `title`, else its name made readable. */
export function fieldLabel(name: string, schema: JsonSchema, ui: Record<string, unknown>): string {
  const uiOptions = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
  const titled = ui['ui:title'] ?? uiOptions.title ?? schema.title;
  return typeof titled === 'string' ? titled : humanize(name);
}

/** True when a schema describes an object with fields of its own (a section, a row). */
function hasFields(schema: JsonSchema | undefined): schema is JsonSchema {
  return !!schema && definedProperties(schema).size > 0;
}

/** What one walk over a form carries: the options, the engine's widgets by ui path and their name fields. */
interface Walk {
  matches: SchemaMatcher | undefined;
  lookupNames: Record<string, Record<string, string>>;
  texts: ValueTexts;
  bindings: Map<string, WidgetBinding>;
  nameFields: Set<string>;
}

function walkOf(uiSchema: UiSchema, options: AnswerSummaryOptions): Walk {
  const bindings = new Map(bindingsOfUiSchema(uiSchema).map((b) => [b.field, b]));
  const nameFields = new Set<string>();
  for (const binding of bindings.values()) {
    if (!binding.nameField) continue;
    // A name field is a sibling of its widget's field.
    const parent = binding.field.includes('.') ? binding.field.slice(0, binding.field.lastIndexOf('.') + 1) : '';
    nameFields.add(`${parent}${binding.nameField}`);
  }
  return {
    matches: options.matches,
    lookupNames: options.lookupNames ?? {},
    texts: options.texts ?? ENGLISH_VALUE_TEXTS,
    bindings,
    nameFields,
  };
}

/** Where a field is: its path in the data and in the uiSchema (a row's fields are under the list's `items`). */
interface Place {
  path: string;
  uiPath: string;
}

const inside = (place: Place | undefined, name: string, uiName = name): Place =>
  place ? { path: `${place.path}.${name}`, uiPath: `${place.uiPath}.${uiName}` } : { path: name, uiPath: uiName };

/**
 * The summary of an object's answers: its shown, filled fields in `ui:order`, each an answer, a
 * section or a table (hidden widgets and the name fields of lookups left out).
 */
export function summariseAnswers(
  schema: JsonSchema,
  uiSchema: UiSchema,
  data: Record<string, unknown>,
  options: AnswerSummaryOptions = {},
): SummaryEntry[] {
  return objectEntries(schema, uiSchema, data, undefined, walkOf(uiSchema, options));
}

/**
 * The summary of one field's value (a view row's): a section for an object with fields, a table for
 * rows, else an answer; undefined when nothing in it is answered. `path` is the field's dotted path.
 */
export function summariseField(
  path: string,
  label: string,
  schema: JsonSchema | undefined,
  ui: unknown,
  value: unknown,
  uiSchema: UiSchema,
  options: AnswerSummaryOptions = {},
): SummaryEntry | undefined {
  const walk = walkOf(uiSchema, options);
  return fieldEntry({ path, uiPath: path }, label, schema ?? {}, isRecord(ui) ? ui : {}, value, {}, walk);
}

function objectEntries(
  schema: JsonSchema,
  ui: Record<string, unknown>,
  data: Record<string, unknown>,
  place: Place | undefined,
  walk: Walk,
): SummaryEntry[] {
  const fields = walk.matches ? visibleProperties(schema, data, walk.matches) : definedProperties(schema);
  const entries: SummaryEntry[] = [];
  for (const name of applyUiOrder([...fields.keys()], ui['ui:order'])) {
    const fieldSchema = fields.get(name) ?? {};
    const fieldUi = isRecord(ui[name]) ? ui[name] : {};
    const at = inside(place, name);
    if (walk.nameFields.has(at.uiPath) || fieldUi['ui:widget'] === 'hidden') continue;
    const entry = fieldEntry(at, fieldLabel(name, fieldSchema, fieldUi), fieldSchema, fieldUi, data[name], data, walk);
    if (entry) entries.push(entry);
  }
  return entries;
}

function fieldEntry(
  at: Place,
  label: string,
  schema: JsonSchema,
  ui: Record<string, unknown>,
  value: unknown,
  holder: Record<string, unknown>,
  walk: Walk,
): SummaryEntry | undefined {
  if (isEmptyValue(value)) return undefined;
  const binding = walk.bindings.get(at.uiPath);
  if (binding && binding.shows !== 'value') {
    const text = bindingValue(binding, value, holder, walk.lookupNames[at.uiPath], walk.texts);
    return text === '' ? undefined : { kind: 'answer', field: at.path, label, value: text };
  }
  if (isRecord(value) && hasFields(schema)) {
    const entries = objectEntries(schema, ui, value, at, walk);
    return entries.length > 0 ? { kind: 'section', field: at.path, title: label, entries } : undefined;
  }
  const items = isRecord(schema.items) ? schema.items : undefined;
  if (Array.isArray(value) && value.some(isRecord) && hasFields(items)) {
    const table = rowsTable(at, label, items, isRecord(ui.items) ? ui.items : {}, value, walk);
    return table.rows.length > 0 ? table : undefined;
  }
  const text =
    Array.isArray(value) && value.some(isRecord)
      ? undeclaredRowsText(value)
      : answerText(schema, ui, value, walk.texts);
  return text === '' ? undefined : { kind: 'answer', field: at.path, label, value: text };
}

/**
 * The table of a list of rows: a column per field answered in some row (in the rows' `ui:order`), a
 * row per row holding an answer (the blank rows a form shows to begin with are left out).
 */
function rowsTable(
  at: Place,
  title: string,
  itemSchema: JsonSchema,
  itemUi: Record<string, unknown>,
  rows: readonly unknown[],
  walk: Walk,
): SummaryTable {
  const place: Place = { path: at.path, uiPath: `${at.uiPath}.items` };
  const answered = rows.map((row) =>
    isRecord(row)
      ? new Map(objectEntries(itemSchema, itemUi, row, place, walk).map((entry) => [entry.field, entry]))
      : new Map<string, SummaryEntry>([
          [at.path, { kind: 'answer', field: at.path, label: title, value: listItem(row) }],
        ]),
  );
  const columns = new Map<string, string>();
  for (const row of answered)
    for (const entry of row.values()) if (!columns.has(entry.field)) columns.set(entry.field, entryLabel(entry));
  // Columns in the order the rows' schema declares them, whatever row answered them first.
  const declared = applyUiOrder([...definedProperties(itemSchema).keys()], itemUi['ui:order']).map(
    (name) => `${at.path}.${name}`,
  );
  const fields = [
    ...declared.filter((f) => columns.has(f)),
    ...[...columns.keys()].filter((f) => !declared.includes(f)),
  ];
  return {
    kind: 'table',
    field: at.path,
    title,
    fields,
    columns: fields.map((f) => columns.get(f) ?? f),
    rows: answered
      .filter((row) => row.size > 0)
      .map((row) => fields.map((f) => (row.has(f) ? entryText(row.get(f) as SummaryEntry) : ''))),
  };
}

/**
 * Rows whose fields the schema does not declare: each row's filled values joined by ' / ', rows by
 * '; ' (no label to give a column); blank rows left out.
 */
function undeclaredRowsText(rows: readonly unknown[]): string {
  return rows
    .map((row) =>
      isRecord(row)
        ? Object.values(row)
            .filter((v) => !isEmptyValue(v) && !isRecord(v))
            .map(listItem)
            .join(' / ')
        : listItem(row),
    )
    .filter((text) => text !== '')
    .join('; ');
}

function entryLabel(entry: SummaryEntry): string {
  return entry.kind === 'answer' ? entry.label : entry.title;
}

/**
 * One entry as one line of text, for a place that holds no structure (a table's cell, a detail row of
 * the server's copy): a section's answers as `Label: value` joined by '; ', a table's rows by '; '
 * with their cells joined by ' / '.
 */
export function entryText(entry: SummaryEntry): string {
  switch (entry.kind) {
    case 'answer':
      return entry.value;
    case 'section':
      return entry.entries.map((inner) => `${entryLabel(inner)}: ${entryText(inner)}`).join('; ');
    case 'table':
      return entry.rows.map((row) => row.filter((cell) => cell !== '').join(' / ')).join('; ');
  }
}

/**
 * The entries as label/value rows, for a list without headings (the studio's check, the server's
 * copy): a section's answers labelled `Section › Label`, a table as one row of text.
 */
export function flattenSummary(
  entries: readonly SummaryEntry[],
  heading?: string,
): Array<{ field: string; label: string; value: string }> {
  const under = (label: string) => (heading ? `${heading} › ${label}` : label);
  return entries.flatMap((entry) =>
    entry.kind === 'section'
      ? flattenSummary(entry.entries, under(entry.title))
      : [{ field: entry.field, label: under(entryLabel(entry)), value: entryText(entry) }],
  );
}

/**
 * A plain answer as people read it: a choice by its title (`oneOf`/`anyOf` titles, `ui:enumNames` or
 * `enumNames`), true/false as its option's title or Yes/No in `texts`, a list item by item, joined by
 * ', '; anything else (a text, a number, a date) as it was answered. The summary's cells and the
 * staff's export both read answers through it.
 */
export function answerText(
  schema: JsonSchema,
  ui: Record<string, unknown>,
  value: unknown,
  texts: Pick<ValueTexts, 'yes' | 'no'>,
): string {
  if (typeof value === 'boolean') return optionTitle(schema, ui, value) ?? yesNo(value, texts);
  if (Array.isArray(value)) {
    const items = isRecord(schema.items) ? schema.items : undefined;
    const itemsUi = isRecord(ui.items) ? ui.items : undefined;
    // A multiple choice's names may be given on the list's ui or on its items' ui.
    return value
      .filter((v) => !isEmptyValue(v))
      .map((v) => optionTitle(items, itemsUi, v) ?? optionTitle(items, ui, v) ?? listItem(v))
      .join(', ');
  }
  return optionTitle(schema, ui, value) ?? listItem(value);
}

/** The value of a field drawn by one of the engine's widgets: names instead of the ids it stores. */
function bindingValue(
  binding: WidgetBinding,
  value: unknown,
  holder: Record<string, unknown>,
  names: Record<string, string> | undefined,
  texts: ValueTexts,
): string {
  const nameOf = (id: unknown): string | undefined =>
    names?.[String(id)] ?? binding.extraOptions?.find((o) => o.value === id)?.label;
  if (binding.shows === 'lookup-rows') {
    const idField = binding.idField ?? 'id';
    const codeField = binding.codeField ?? 'code';
    return (Array.isArray(value) ? value : [])
      .filter(isRecord)
      .filter((row) => !isEmptyValue(row[codeField]))
      .map((row) => `${nameOf(row[idField]) ?? String(row[idField])}: ${String(row[codeField]).trim()}`)
      .join('; ');
  }
  if (binding.shows === 'lookup-names') {
    const ids = Array.isArray(value) ? value : [value];
    const resolved = ids.map(nameOf);
    if (resolved.every((n): n is string => n !== undefined)) return resolved.join(', ');
    return texts.selected(ids.length);
  }
  // An extra option's label is shown as written in the (possibly translated) definition; the stored
  // name field keeps the English name the rules read.
  const extra = binding.extraOptions?.find((o) => o.value === value);
  if (extra) return extra.label;
  const nameField =
    binding.nameField ?? Object.entries(binding.fill ?? {}).find(([, source]) => source === 'name')?.[0];
  const stored = nameField ? holder[nameField] : undefined;
  if (!isEmptyValue(stored)) return String(stored);
  return nameOf(value) ?? String(value);
}
