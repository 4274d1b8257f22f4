import type { JsonSchema } from './definition-types';
import { isRecord } from './value-path';

/**
 * Walks a form schema's conditional structure (allOf, if/then/else, dependencies, anyOf/oneOf)
 * to list the properties it can define, and the fields its `if` conditions read.
 */

/** Sub-schemas that may add properties to the same object (not nested values). */
export function branchSchemas(schema: JsonSchema): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const item of list) if (isRecord(item)) result.push(item);
  }
  for (const key of ['then', 'else'] as const) {
    const branch = schema[key];
    if (isRecord(branch)) result.push(branch);
  }
  if (isRecord(schema.dependencies)) {
    for (const dep of Object.values(schema.dependencies)) if (isRecord(dep)) result.push(dep);
  }
  return result;
}

/**
 * Every property the object schema can define, with its (first) schema: top-level `properties`
 * plus those declared inside branches.
 */
export function definedProperties(schema: JsonSchema): Map<string, JsonSchema> {
  const result = new Map<string, JsonSchema>();
  const visit = (s: JsonSchema): void => {
    if (isRecord(s.properties)) {
      for (const [name, prop] of Object.entries(s.properties)) {
        const existing = result.get(name);
        // Keep the richest declaration (one with a type or title), not a bare constraint in a rule.
        if (
          !existing ||
          (isRecord(prop) && (prop.type !== undefined || prop.title !== undefined) && existing.type === undefined)
        ) {
          result.set(name, isRecord(prop) ? prop : {});
        }
      }
    }
    for (const branch of branchSchemas(s)) visit(branch);
  };
  visit(schema);
  return result;
}

export interface RuleReference {
  field: string;
  /** JSON pointer of the `if` schema inside the form schema. */
  pointer: string;
}

/**
 * Fields a condition reads (its `properties` and `required`, through allOf/anyOf/oneOf/not), with
 * where it reads them: the `if` of a form schema, or the `when` of an upload.
 */
export function conditionFields(condition: Record<string, unknown>, pointer = ''): RuleReference[] {
  const result: RuleReference[] = [];
  const fieldsOf = (cond: Record<string, unknown>, at: string): void => {
    if (isRecord(cond.properties))
      for (const f of Object.keys(cond.properties)) result.push({ field: f, pointer: `${at}/properties/${f}` });
    if (Array.isArray(cond.required))
      cond.required.forEach(
        (f, i) => typeof f === 'string' && result.push({ field: f, pointer: `${at}/required/${i}` }),
      );
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = cond[key];
      if (Array.isArray(list)) list.forEach((item, i) => isRecord(item) && fieldsOf(item, `${at}/${key}/${i}`));
    }
    if (isRecord(cond.not)) fieldsOf(cond.not, `${at}/not`);
  };
  fieldsOf(condition, pointer);
  return result;
}

/** Fields read by `if` conditions (their `properties` and `required`), with where they are read. */
export function ruleFields(schema: JsonSchema, pointer = ''): RuleReference[] {
  const result: RuleReference[] = [];
  if (isRecord(schema.if)) result.push(...conditionFields(schema.if, `${pointer}/if`));
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list))
      list.forEach((item, i) => isRecord(item) && result.push(...ruleFields(item, `${pointer}/${key}/${i}`)));
  }
  for (const key of ['then', 'else'] as const) {
    const branch = schema[key];
    if (isRecord(branch)) result.push(...ruleFields(branch, `${pointer}/${key}`));
  }
  return result;
}

/**
 * Answers whether `data` satisfies `schema` (an `if` condition of the form schema). Injected rather
 * than imported: the portal answers with the form's precompiled validator, since compiling a schema
 * in the page needs `new Function`, which its Content-Security-Policy forbids; Node callers and tests
 * may pass `schemaMatches` (engine/core/form-validator.ts).
 */
export type SchemaMatcher = (schema: JsonSchema | boolean, data: unknown) => boolean;

/**
 * True when `data` holds an answer to a property `branch` declares: the `anyOf`/`oneOf` option an
 * applicant chose in the form (RJSF removes the answers of an option left when another is chosen).
 */
function holdsAnswerOf(branch: JsonSchema, data: Record<string, unknown>): boolean {
  return isRecord(branch.properties) && Object.keys(branch.properties).some((name) => name in data);
}

/**
 * The parts of `schema` that apply to `data`: the schema itself, then, depth first, its `allOf`
 * items, the `then`/`else` branch whose condition holds by `matches` (as RJSF resolves them), the
 * `anyOf`/`oneOf` options whose properties `data` answers and the dependencies whose key is present.
 */
export function appliedSchemas(
  schema: JsonSchema,
  data: Record<string, unknown>,
  matches: SchemaMatcher,
): JsonSchema[] {
  const applied: JsonSchema[] = [];
  const visit = (s: JsonSchema): void => {
    applied.push(s);
    if (Array.isArray(s.allOf)) for (const item of s.allOf) if (isRecord(item)) visit(item);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const options = s[key];
      if (Array.isArray(options))
        for (const option of options) if (isRecord(option) && holdsAnswerOf(option, data)) visit(option);
    }
    if (isRecord(s.if) || typeof s.if === 'boolean') {
      const branch = matches(s.if as JsonSchema | boolean, data) ? s.then : s.else;
      if (isRecord(branch)) visit(branch);
    }
    if (isRecord(s.dependencies)) {
      for (const [key, dep] of Object.entries(s.dependencies)) if (key in data && isRecord(dep)) visit(dep);
    }
  };
  visit(schema);
  return applied;
}

/**
 * Properties shown for `data`, in declaration order: those of every part of the schema that applies
 * (`appliedSchemas`), a property declared twice merged.
 */
export function visibleProperties(
  schema: JsonSchema,
  data: Record<string, unknown>,
  matches: SchemaMatcher,
): Map<string, JsonSchema> {
  const result = new Map<string, JsonSchema>();
  for (const part of appliedSchemas(schema, data, matches)) {
    if (!isRecord(part.properties)) continue;
    for (const [name, prop] of Object.entries(part.properties)) {
      const previous = result.get(name);
      result.set(name, { ...(previous ?? {}), ...(isRecord(prop) ? prop : {}) });
    }
  }
  return result;
}

/** Properties required for `data`: the `required` of every part of the schema that applies. */
export function requiredProperties(
  schema: JsonSchema,
  data: Record<string, unknown>,
  matches: SchemaMatcher,
): Set<string> {
  const required = new Set<string>();
  for (const part of appliedSchemas(schema, data, matches))
    if (Array.isArray(part.required))
      for (const name of part.required) if (typeof name === 'string') required.add(name);
  return required;
}

/**
 * The schema of the field at a dotted path (`applicant.address.city`, `rows.0.kind` or `rows.kind`
 * for the field of every row), through properties declared anywhere in each object's branches and
 * the `items` of lists; undefined when no schema declares it.
 */
export function schemaAtPath(schema: JsonSchema, path: string): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const part of path.split('.')) {
    if (!current) return undefined;
    const items: JsonSchema | undefined = isRecord(current.items) ? current.items : undefined;
    if (items && /^\d+$/.test(part)) {
      current = items;
      continue;
    }
    current = definedProperties(current).get(part) ?? (items ? definedProperties(items).get(part) : undefined);
  }
  return current;
}

/** The uiSchema of the field at a dotted path, as `schemaAtPath` reads the schema (a row's under `items`). */
export function uiAtPath(uiSchema: Record<string, unknown>, path: string): Record<string, unknown> | undefined {
  let current: Record<string, unknown> | undefined = uiSchema;
  for (const part of path.split('.')) {
    if (!current) return undefined;
    const items: Record<string, unknown> | undefined = isRecord(current.items) ? current.items : undefined;
    const own: unknown = current[part];
    if (items && /^\d+$/.test(part)) current = items;
    else if (isRecord(own)) current = own;
    else current = items && isRecord(items[part]) ? items[part] : undefined;
  }
  return current;
}
