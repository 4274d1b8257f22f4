/**
 * `ui:options.stack` (engine/core/row-layout.ts) lays out the rows of a list of objects drawn as
 * rows: anywhere else it would do nothing, which an analyst would take for a layout that does not
 * work. The ui schema checks its value; this checks where it is, against the form's schema.
 */
import { pointerOf } from './definition-problems';
import type { JsonSchema } from './definition-types';
import { definedProperties } from './schema-walk';
import { isRecord } from './value-path';

export interface RowOptionProblem {
  /** JSON pointer into the ui file. */
  pointer: string;
  message: string;
}

/** True for an object schema: the schema of a row. */
const isRow = (schema: unknown): boolean =>
  isRecord(schema) && (schema.type === 'object' || isRecord(schema.properties));

/** True when the field is drawn as rows: a list of objects (or a tuple taking objects after its places), no widget. */
function isListOfRows(schema: JsonSchema, ui: Record<string, unknown>): boolean {
  if (ui['ui:widget'] !== undefined || ui['ui:field'] !== undefined) return false;
  return schema.type === 'array' && (isRow(schema.items) || isRow(schema.additionalItems));
}

/** The schema a ui key below `schema` lays out; undefined when it cannot be told (nothing is said then). */
function schemaOf(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'array') {
    if (key === 'items' && isRecord(schema.items)) return schema.items;
    if (key === 'additionalItems' && isRecord(schema.additionalItems)) return schema.additionalItems;
    return undefined;
  }
  return definedProperties(schema).get(key);
}

/** Each `stack` option of `uiSchema` set on a field of `formSchema` that is not drawn as rows. */
export function rowOptionProblems(formSchema: JsonSchema, uiSchema: Record<string, unknown>): RowOptionProblem[] {
  const problems: RowOptionProblem[] = [];
  const visit = (schema: JsonSchema | undefined, ui: Record<string, unknown>, path: Array<string | number>): void => {
    const options = ui['ui:options'];
    if (schema && isRecord(options) && options.stack !== undefined && !isListOfRows(schema, ui))
      problems.push({
        pointer: pointerOf(...path, 'ui:options', 'stack'),
        message: 'stack lays out the rows of a list of objects (an array of objects without a widget)',
      });
    for (const [key, value] of Object.entries(ui)) {
      if (key.startsWith('ui:')) continue;
      if (isRecord(value)) visit(schemaOf(schema, key), value, [...path, key]);
      // A tuple's places, one layout each.
      else if (key === 'items' && Array.isArray(value) && Array.isArray(schema?.items)) {
        const places = schema.items as unknown[];
        value.forEach((entry, i) => {
          const place = places[i];
          if (isRecord(entry)) visit(isRecord(place) ? place : undefined, entry, [...path, key, i]);
        });
      }
    }
  };
  visit(formSchema, uiSchema, []);
  return problems;
}
