import type { JsonSchema, UiSchema } from './definition-types';
import { answerText, applyUiOrder, fieldLabel } from './answer-summary';
import { bindingsOfUiSchema } from './lookup-bindings';
import { definedProperties } from './schema-walk';
import { ENGLISH_VALUE_TEXTS, type ValueTexts } from './value-format';
import { isRecord, valueAt } from './value-path';

/**
 * The answers of a form as the columns of a table (the staff's export): one column per field that
 * holds a value, walked as the answers' summary walks a form (`ui:order`, titles by `fieldLabel`, so a
 * localised definition gives localised titles; hidden widgets and the name fields of lookups left
 * out). A section's fields are `section.field`, titled `Section › Field`; a list of rows is indexed,
 * `list.0.field` titled `List 1 › Field`, for as many rows as the export holds at most (`rowsOf`).
 * A list of plain values is one column; rows inside a row are one column holding their JSON. A cell
 * reads as the answers' summary reads its value (`answerText`): a choice by its title, true/false as
 * its option's title or Yes/No.
 */

/** One column of an export: the answer's dotted path (rows indexed), its title and its field. */
export interface ExportColumn {
  path: string;
  title: string;
  /** The field's schema and uiSchema: what turns its value into what people read (`exportCell`). */
  field: { schema: JsonSchema; ui: Record<string, unknown> };
}

/** A cell's value: a text as people read it, a number as answered; null when unanswered. */
export type ExportCell = string | number | boolean | null;

const SEPARATOR = ' › ';

/** True when a schema describes an object with fields of its own (a section, a row). */
function hasFields(schema: JsonSchema | undefined): schema is JsonSchema {
  return !!schema && definedProperties(schema).size > 0;
}

/** The name fields of a form's lookups (their widget's field names them), by ui path. */
function nameFieldsOf(uiSchema: UiSchema): Set<string> {
  const names = new Set<string>();
  for (const binding of bindingsOfUiSchema(uiSchema)) {
    if (!binding.nameField) continue;
    const parent = binding.field.includes('.') ? binding.field.slice(0, binding.field.lastIndexOf('.') + 1) : '';
    names.add(`${parent}${binding.nameField}`);
  }
  return names;
}

interface Field {
  name: string;
  schema: JsonSchema;
  ui: Record<string, unknown>;
  /** Path in the data (rows not indexed) and in the uiSchema (a row's fields under `items`). */
  path: string;
  uiPath: string;
  title: string;
}

/** The shown fields of an object schema, in `ui:order`. */
function fieldsOf(
  schema: JsonSchema,
  ui: Record<string, unknown>,
  at: Field | undefined,
  hidden: Set<string>,
): Field[] {
  const properties = definedProperties(schema);
  return applyUiOrder([...properties.keys()], ui['ui:order']).flatMap((name) => {
    const fieldSchema = properties.get(name) ?? {};
    const fieldUi = isRecord(ui[name]) ? ui[name] : {};
    const path = at ? `${at.path}.${name}` : name;
    const uiPath = at ? `${at.uiPath}.${name}` : name;
    if (hidden.has(uiPath) || fieldUi['ui:widget'] === 'hidden') return [];
    const label = fieldLabel(name, fieldSchema, fieldUi);
    return [
      { name, schema: fieldSchema, ui: fieldUi, path, uiPath, title: at ? `${at.title}${SEPARATOR}${label}` : label },
    ];
  });
}

const rowsSchema = (field: Field): JsonSchema | undefined => {
  const items = isRecord(field.schema.items) ? field.schema.items : undefined;
  return field.schema.type === 'array' && hasFields(items) ? items : undefined;
};

/**
 * The lists of rows of a form that are not inside another list (dotted paths): their row counts
 * decide how many indexed columns they get (`exportColumns`' `rowsOf`).
 */
export function rowListPaths(schema: JsonSchema, uiSchema: UiSchema): string[] {
  const hidden = nameFieldsOf(uiSchema);
  const walk = (fields: Field[]): string[] =>
    fields.flatMap((field) => {
      if (rowsSchema(field)) return [field.path];
      return hasFields(field.schema) && field.schema.type !== 'array'
        ? walk(fieldsOf(field.schema, field.ui, field, hidden))
        : [];
    });
  return walk(fieldsOf(schema, uiSchema, undefined, hidden));
}

/**
 * The columns of a form's answers (see the module's comment); `rowsOf(path)` is how many rows of the
 * list at `path` (one of `rowListPaths`) to give columns to.
 */
export function exportColumns(
  schema: JsonSchema,
  uiSchema: UiSchema,
  rowsOf: (path: string) => number = () => 0,
): ExportColumn[] {
  const hidden = nameFieldsOf(uiSchema);
  const walk = (fields: Field[], inRow: boolean): ExportColumn[] =>
    fields.flatMap((field) => {
      const rows = rowsSchema(field);
      if (rows && !inRow) {
        const itemsUi = isRecord(field.ui.items) ? field.ui.items : {};
        return Array.from({ length: rowsOf(field.path) }, (_, index) =>
          walk(
            fieldsOf(
              rows,
              itemsUi,
              {
                ...field,
                path: `${field.path}.${index}`,
                uiPath: `${field.uiPath}.items`,
                title: `${field.title} ${index + 1}`,
              },
              hidden,
            ),
            true,
          ),
        ).flat();
      }
      if (!rows && hasFields(field.schema) && field.schema.type !== 'array')
        return walk(fieldsOf(field.schema, field.ui, field, hidden), inRow);
      return [{ path: field.path, title: field.title, field: { schema: field.schema, ui: field.ui } }];
    });
  return walk(fieldsOf(schema, uiSchema, undefined, hidden), false);
}

/**
 * The cell of `column` in `data`, as people read it (`answerText`, with Yes/No in `texts`): a choice
 * by its title, true/false as its option's title or Yes/No, a list of plain values item by item
 * joined by ', ', a number no choice names as the number; rows inside a row or an object as their
 * JSON; null when unanswered.
 */
export function exportCell(
  data: unknown,
  column: Pick<ExportColumn, 'path' | 'field'>,
  texts: Pick<ValueTexts, 'yes' | 'no'> = ENGLISH_VALUE_TEXTS,
): ExportCell {
  const value = valueAt(data, column.path);
  if (value === undefined || value === null || value === '') return null;
  if (isRecord(value) || (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null)))
    return JSON.stringify(value);
  const text = answerText(column.field.schema, column.field.ui, value, texts);
  if (text === '') return null;
  // A number stays one for the spreadsheet to count with, unless a choice names it.
  return typeof value === 'number' && text === String(value) ? value : text;
}
