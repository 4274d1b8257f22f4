import type { JsonSchema } from './definition-types';
import { isRecord } from './value-path';

/**
 * Every value a form accepts is bounded in its schema, so neither browser nor server ever handles
 * a megabyte of text or a list of ten thousand items sent on purpose: a free-text field declares
 * `maxLength` (2,000 characters unless the spec says otherwise), a list declares `maxItems`.
 * `services:check` reports each field that does not.
 */

/** The length of free text when the spec states none. */
export const DEFAULT_TEXT_LIMIT = 2000;

export interface UnboundedField {
  /** JSON pointer of the declaration inside the form schema. */
  pointer: string;
  message: string;
}

/** Text whose values are listed (enum, const, a oneOf/anyOf of consts) or dates is bounded by itself. */
function isClosedText(schema: JsonSchema): boolean {
  if (Array.isArray(schema.enum) || 'const' in schema) return true;
  if (schema.format === 'date' || schema.format === 'date-time' || schema.format === 'time') return true;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0 && list.every((b) => isRecord(b) && 'const' in b)) return true;
  }
  return false;
}

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Declarations of strings without `maxLength` and of arrays without `maxItems`, anywhere in the
 * form schema: properties, branches (then/else/allOf/anyOf/oneOf/dependencies), list items and
 * nested objects. `if` conditions are rules, not declarations, and are not visited.
 */
export function unboundedFields(schema: JsonSchema): UnboundedField[] {
  const found: UnboundedField[] = [];
  const visitValue = (s: JsonSchema, pointer: string): void => {
    const types = typesOf(s);
    if (types.includes('string') && !isClosedText(s) && typeof s.maxLength !== 'number') {
      found.push({
        pointer,
        message: `a free-text field needs a maxLength (${DEFAULT_TEXT_LIMIT.toLocaleString('en')} characters unless the spec says otherwise)`,
      });
    }
    if (types.includes('array')) {
      if (typeof s.maxItems !== 'number') found.push({ pointer, message: 'a list needs a maxItems' });
      if (isRecord(s.items)) visitValue(s.items, `${pointer}/items`);
    }
    visitObject(s, pointer);
  };
  const visitObject = (s: JsonSchema, pointer: string): void => {
    if (isRecord(s.properties)) {
      for (const [name, prop] of Object.entries(s.properties)) {
        if (isRecord(prop)) visitValue(prop, `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = s[key];
      if (Array.isArray(list)) list.forEach((item, i) => isRecord(item) && visitObject(item, `${pointer}/${key}/${i}`));
    }
    for (const key of ['then', 'else'] as const) {
      const branch = s[key];
      if (isRecord(branch)) visitObject(branch, `${pointer}/${key}`);
    }
    if (isRecord(s.dependencies)) {
      for (const [name, dep] of Object.entries(s.dependencies)) {
        if (isRecord(dep)) visitObject(dep, `${pointer}/dependencies/${name}`);
      }
    }
  };
  visitObject(schema, '');
  return found;
}
