/**
 * The values a schema allows a field, where it lists them: what a call's flag and a definition's new
 * version are judged against.
 */
import type { JsonSchema } from './definition-types';
import { isRecord } from './value-path';

/** Allowed values of an enum-like property: `enum`, `const` or `oneOf`/`anyOf` of consts; undefined for free input. */
export function allowedValues(schema: JsonSchema | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.every((b) => isRecord(b) && 'const' in b))
      return list.map((b) => (b as Record<string, unknown>).const);
  }
  return undefined;
}
