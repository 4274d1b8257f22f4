import type { JsonSchema, UiSchema } from './definition-types';
import { applyUiOrder, fieldLabel } from './answer-summary';
import { bindingsOfUiSchema } from './lookup-bindings';
import { definedProperties } from './schema-walk';
import { isRecord, valueAt } from './value-path';

/**
 * The answers of a form as the columns of a table (the staff's export): one column per field that
 * holds a value, walked as the answers' summary walks a form (`ui:order`, titles by `fieldLabel`, so a
 * localised definition gives localised titles; hidden widgets and the name fields of lookups left
 * out). A section's fields are `section.field`, titled `Section › Field`; a list of rows is indexed,
 * `list.0.field` titled `List 1 › Field`, for as many rows as the export holds at most (`rowsOf`).
 * A list of plain values is one column; rows inside a row are one column holding their JSON.
 */

/** One column of an export: the answer's dotted path (rows indexed) and its title. */
export interface ExportColumn {
  path: string;
  title: string;
}

/** A cell's value: texts, numbers and true/false as answered; null when unanswered. */
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
      return [{ path: field.path, title: field.title }];
    });
  return walk(fieldsOf(schema, uiSchema, undefined, hidden), false);
}

/**
 * The cell of `path` (rows indexed) in `data`: a text, number or true/false as answered, a list of
 * plain values joined by ', ', anything else (rows inside a row, an object) as its JSON; null when
 * unanswered.
 */
export function exportCell(data: unknown, path: string): ExportCell {
  const value = valueAt(data, path);
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.map((item) => String(item ?? '')).join(', ');
  return JSON.stringify(value);
}
