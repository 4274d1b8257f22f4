import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajv-setup';
import type { JsonSchema } from './definition-types';
import { NOT_ALLOWED_MESSAGE, REQUIRED_MESSAGE } from './transform-errors';

/**
 * Validates form data against a service's form schema with the project's Ajv setup and reports
 * one `{ field, message }` per problem, in the shape of the API's 422 answer.
 */

export interface FieldError {
  /** Top-level property name, or a dotted path for nested values (`items.0`); '' for the whole form. */
  field: string;
  message: string;
}

export interface FormValidationResult {
  valid: boolean;
  errors: FieldError[];
}

export { NOT_ALLOWED_MESSAGE, REQUIRED_MESSAGE };

const ajv = createAjv();
const compiled = new WeakMap<object, ValidateFunction>();

/** Compiled validator of a schema object, compiled once per object. Throws when the schema is invalid. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    // Two objects carrying the same $id (a reloaded definition) would make Ajv refuse the second one.
    if (typeof schema.$id === 'string') ajv.removeSchema(schema.$id);
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** True when `data` satisfies `schema` (used to evaluate `if` conditions). */
export function schemaMatches(schema: JsonSchema | boolean, data: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  return compileSchema(schema)(data) === true;
}

function pointerToDotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(base: string, name: string): string {
  return base ? `${base}.${name}` : name;
}

/**
 * Field an ajv-errors message belongs to. A message on a `required` keyword sits at the parent
 * object; it belongs to the property it asks for when every wrapped error names the same one.
 */
function customErrorField(error: ErrorObject): string {
  const base = pointerToDotted(error.instancePath);
  const wrapped = wrappedErrors(error);
  const missing = new Set<string>();
  for (const inner of wrapped) {
    const params = inner.params as { missingProperty?: unknown };
    if (inner.keyword === 'required' && typeof params.missingProperty === 'string') {
      missing.add(join(pointerToDotted(inner.instancePath), params.missingProperty));
    } else {
      missing.add(pointerToDotted(inner.instancePath));
    }
  }
  const only = missing.size === 1 ? [...missing][0] : undefined;
  return only ?? base;
}

/** The errors an ajv-errors message stands for. */
function wrappedErrors(error: ErrorObject): ErrorObject[] {
  return (error.params as { errors?: ErrorObject[] }).errors ?? [];
}

/** Errors raised inside the branches of a `oneOf`/`anyOf` error. */
function branchErrors(errors: readonly ErrorObject[], combinator: ErrorObject): ErrorObject[] {
  return errors.filter((e) => e !== combinator && e.schemaPath.startsWith(`${combinator.schemaPath}/`));
}

/**
 * Turns raw Ajv errors into field errors:
 * - `if` errors ('must match "then" schema') are dropped: the branch's own errors say what is wrong;
 * - errors of the branches of a `oneOf`/`anyOf` are folded into that error; a list of `const`
 *   alternatives reads 'must be equal to one of the allowed values';
 * - on a field with a custom `errorMessage`, only the custom messages are kept;
 * - a missing required property is reported on that property;
 * - duplicates are removed.
 */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  const isCombinator = (e: ErrorObject) => e.keyword === 'oneOf' || e.keyword === 'anyOf';
  // A combinator's own error, or the analyst's message that stands for it (ajv-errors wraps it).
  const combinators = errors.flatMap((e) =>
    isCombinator(e) ? [e] : e.keyword === 'errorMessage' ? wrappedErrors(e).filter(isCombinator) : [],
  );
  const entries: Array<FieldError & { custom: boolean }> = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    if (
      error.keyword !== 'errorMessage' &&
      combinators.some((c) => c !== error && error.schemaPath.startsWith(`${c.schemaPath}/`))
    )
      continue;
    if (error.keyword === 'errorMessage') {
      entries.push({ field: customErrorField(error), message: error.message ?? '', custom: true });
      continue;
    }
    const field = pointerToDotted(error.instancePath);
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      entries.push({ field: join(field, missing), message: REQUIRED_MESSAGE, custom: false });
      continue;
    }
    const branches = error.keyword === 'oneOf' || error.keyword === 'anyOf' ? branchErrors(errors, error) : [];
    if (branches.length > 0 && branches.every((b) => b.keyword === 'const')) {
      entries.push({ field, message: NOT_ALLOWED_MESSAGE, custom: false });
      continue;
    }
    entries.push({ field, message: error.message ?? 'is invalid', custom: false });
  }
  const customFields = new Set(entries.filter((e) => e.custom).map((e) => e.field));
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const entry of entries) {
    if (!entry.custom && customFields.has(entry.field)) continue;
    const key = `${entry.field}\u0000${entry.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ field: entry.field, message: entry.message });
  }
  return result;
}

/**
 * Validates `data` against the form schema `schema` (compiled once per schema object).
 * Throws only when the schema itself does not compile; `services:check` prevents that.
 */
export function validateFormData(schema: JsonSchema, data: unknown): FormValidationResult {
  const validate = compileSchema(schema);
  if (validate(data) === true) return { valid: true, errors: [] };
  return { valid: false, errors: toFieldErrors(validate.errors ?? []) };
}

/** Main export. */
export const formValidator = validateFormData;
