import type { JsonSchema } from './definition-types';
import type { FieldError } from './form-validator';
import { branchSchemas, definedProperties, visibleProperties, type SchemaMatcher } from './schema-walk';
import { isRecord } from './value-path';

/**
 * What the server keeps of a form's answers, by the form's schema alone, one rule for every service:
 * - an answer to a question the data shows is kept (an `anyOf`/`oneOf` option's fields included);
 * - an answer to a question the schema declares but hides for this data (a condition that no longer
 *   holds, the company of an applicant who chose "individual") is left out when the whole form is
 *   saved: the applicant cannot see it, so it is neither stored nor used;
 * - an answer to no question at all is kept where the object takes more answers
 *   (`additionalProperties` or `patternProperties`, judged then by their schema) and refused
 *   everywhere else, at every depth, so nothing is dropped without a word and nothing unbounded is kept.
 */

/** The message of an answer to no question of the form. */
export const NOT_A_QUESTION = 'is not a question of this form';

/** How many `$ref` in a row are followed without reaching a value: a cycle stops there. */
const MAX_REF_CHAIN = 32;

type Data = Record<string, unknown>;

/** The schema a local `$ref` (`#/definitions/name`, `#/$defs/name`, any `#/...` pointer) names, or undefined. */
export function resolveLocalRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(at) && !Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return isRecord(at) ? at : undefined;
}

/** `schema` with its `$ref` chain followed (a chain longer than MAX_REF_CHAIN ends with the last one). */
function dereferenced(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let i = 0; i < MAX_REF_CHAIN && typeof current.$ref === 'string'; i += 1) {
    const target = resolveLocalRef(current.$ref, root);
    if (!target) break;
    current = target;
  }
  return current;
}

/** Every part of `schema` that may describe the same value: itself and its branches, `$ref`s followed. */
function partsOf(schema: JsonSchema, root: JsonSchema): JsonSchema[] {
  const parts: JsonSchema[] = [];
  const visit = (s: JsonSchema, depth: number): void => {
    const part = dereferenced(s, root);
    if (parts.includes(part) || depth > MAX_REF_CHAIN) return;
    parts.push(part);
    for (const branch of branchSchemas(part)) visit(branch, depth + 1);
  };
  visit(schema, 0);
  return parts;
}

/** The schemas an answer `name` of an object meets in `parts`, or null when no part takes it. */
function schemasOfName(parts: readonly JsonSchema[], name: string): JsonSchema[] | null {
  const declared: JsonSchema[] = [];
  let taken = false;
  for (const part of parts) {
    if (isRecord(part.properties) && name in part.properties) {
      taken = true;
      const property = part.properties[name];
      if (isRecord(property)) declared.push(property);
    }
  }
  if (taken) return declared;
  for (const part of parts) {
    if (isRecord(part.patternProperties)) {
      for (const [pattern, property] of Object.entries(part.patternProperties)) {
        if (new RegExp(pattern, 'u').test(name)) {
          taken = true;
          if (isRecord(property)) declared.push(property);
        }
      }
    }
  }
  if (taken) return declared;
  for (const part of parts) {
    if (part.additionalProperties === true) taken = true;
    else if (isRecord(part.additionalProperties)) {
      taken = true;
      declared.push(part.additionalProperties);
    }
  }
  return taken ? declared : null;
}

/** The schemas item `index` of a list meets in `parts`, or null when no part takes it (past a tuple). */
function schemasOfItem(parts: readonly JsonSchema[], index: number): JsonSchema[] | null {
  const declared: JsonSchema[] = [];
  let taken = false;
  for (const part of parts) {
    const items = part.items;
    if (isRecord(items)) {
      taken = true;
      declared.push(items);
    } else if (Array.isArray(items)) {
      if (index < items.length) {
        taken = true;
        if (isRecord(items[index])) declared.push(items[index] as JsonSchema);
      } else if (part.additionalItems === true) taken = true;
      else if (isRecord(part.additionalItems)) {
        taken = true;
        declared.push(part.additionalItems);
      }
    } else if (items === undefined && part.type === 'array') taken = true;
  }
  return taken ? declared : null;
}

/** True when some part says what an object's answers are (so an answer to none of them is not a question). */
function describesObjects(parts: readonly JsonSchema[]): boolean {
  return parts.some(
    (part) =>
      isRecord(part.properties) ||
      part.type === 'object' ||
      part.additionalProperties !== undefined ||
      part.patternProperties !== undefined,
  );
}

/**
 * The answers in `value` that no question of `schema` takes, at any depth below `path`: each one a
 * field error (`NOT_A_QUESTION`) under its dotted path. A value the schema does not describe as an
 * object or a list is left to the validator, which judges its type.
 */
export function answersToNoQuestion(
  schema: JsonSchema,
  value: unknown,
  root: JsonSchema = schema,
  path = '',
): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (schemas: readonly JsonSchema[], at: unknown, where: string): void => {
    const parts = schemas.flatMap((s) => partsOf(s, root));
    const join = (name: string | number) => (where ? `${where}.${name}` : String(name));
    if (isRecord(at)) {
      if (!describesObjects(parts)) return;
      for (const [name, answer] of Object.entries(at)) {
        const next = schemasOfName(parts, name);
        if (next === null) errors.push({ field: join(name), message: NOT_A_QUESTION });
        else walk(next, answer, join(name));
      }
    } else if (Array.isArray(at)) {
      at.forEach((item, index) => {
        const next = schemasOfItem(parts, index);
        if (next === null) {
          if (parts.some((part) => Array.isArray(part.items)))
            errors.push({ field: join(index), message: NOT_A_QUESTION });
        } else walk(next, item, join(index));
      });
    }
  };
  walk([schema], value, path);
  return errors;
}

/**
 * The answers to no question that the schema's own errors do not already refuse: where the validator
 * reports the object or list holding such an answer (`additionalProperties: false`, a tuple's
 * `additionalItems: false` or `maxItems`), its message is the one the form gives, so the answer is
 * not named twice; the submission is refused either way.
 */
export function refusedBeyondTheSchema(
  refused: readonly FieldError[],
  schemaErrors: readonly FieldError[],
): FieldError[] {
  const reported = new Set(schemaErrors.map((error) => error.field));
  const parentOf = (field: string) => field.slice(0, Math.max(0, field.lastIndexOf('.')));
  return refused.filter((error) => !reported.has(parentOf(error.field)));
}

/** What `keptAnswers` answers: the answers kept, and the answers to no question (refused). */
export interface KeptAnswers {
  kept: Data;
  refused: FieldError[];
}

/**
 * The answers of `data` the server keeps for the form `schema` (see the module's comment). With
 * `shownOnly`, the answers to questions the data hides are left out; `matches` answers the form's `if`
 * conditions.
 */
export function keptAnswers(
  schema: JsonSchema,
  data: Data,
  matches: SchemaMatcher,
  options: { shownOnly: boolean; shownFor?: Data },
): KeptAnswers {
  const refused = answersToNoQuestion(schema, data);
  if (!options.shownOnly) return { kept: data, refused };
  const declared = definedProperties(schema);
  const visible = visibleProperties(schema, options.shownFor ?? data, matches);
  const kept = Object.fromEntries(Object.entries(data).filter(([name]) => visible.has(name) || !declared.has(name)));
  return { kept, refused };
}
