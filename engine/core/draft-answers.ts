/**
 * A draft's answers: what step 1 holds when the applicant leaves it, saved as given (a draft is
 * incomplete, so no required field, pattern or bound is judged) but only in the form's shape, so the
 * server keeps nothing the form could not have produced. Shared by the server (which refuses a bad
 * shape) and the page (which sends only what the form defines).
 */
import type { JsonSchema } from './definition-types';
import { definedProperties } from './schema-walk';
import { isRecord } from './value-path';

/** The most characters a draft's answers take as JSON: a long form's texts, with room to spare. */
export const DRAFT_ANSWERS_MAX_CHARS = 256 * 1024;

/** What the server answers for a saved draft, and the page sends (`PUT client/application/{id}/draft`). */
export interface DraftAnswers {
  /** Step 1's data, as the form holds it. */
  answers: Record<string, unknown>;
  /** The form chosen, for a service with several (its variant key). */
  variant?: string;
}

/** A value of a draft that the form could not have produced, by its dotted path. */
export interface DraftShapeProblem {
  field: string;
  message: string;
}

export const DRAFT_SHAPE_MESSAGES = {
  unknownField: 'Not a field of this form',
  wrongType: "This value does not have the field's type",
} as const;

/** The JSON type of a value, as a schema's `type` names it (an integer is also a number). */
function jsonTypes(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

/** The types a schema declares (none: any value). */
function declaredTypes(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

function checkValue(schema: JsonSchema, value: unknown, path: string, problems: DraftShapeProblem[]): void {
  const types = declaredTypes(schema);
  // A field cleared in the form is saved as null or left out: neither is a wrong shape for a draft.
  if (value === null) return;
  // A number typed into an integer field is still being typed (the submission judges it).
  const actual = jsonTypes(value);
  if (
    types.length > 0 &&
    !types.some((type) => actual.includes(type) || (type === 'integer' && actual[0] === 'number'))
  ) {
    problems.push({ field: path, message: DRAFT_SHAPE_MESSAGES.wrongType });
    return;
  }
  if (isRecord(value)) checkObject(schema, value, path, problems);
  else if (Array.isArray(value) && isRecord(schema.items)) {
    const items = schema.items;
    value.forEach((item, index) => checkValue(items, item, `${path}.${index}`, problems));
  }
}

function checkObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  prefix: string,
  problems: DraftShapeProblem[],
): void {
  const properties = definedProperties(schema);
  // An object the schema leaves open (no properties, or additional ones allowed) holds any keys.
  const open =
    properties.size === 0 || (schema.additionalProperties !== undefined && schema.additionalProperties !== false);
  for (const [key, item] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const property = properties.get(key);
    if (property) checkValue(property, item, path, problems);
    else if (!open) problems.push({ field: path, message: DRAFT_SHAPE_MESSAGES.unknownField });
  }
}

/**
 * The values of `answers` that do not fit the form's schema: a field it does not define, or a value
 * of another JSON type than its field's. Required fields, patterns and bounds are not judged: a draft
 * is saved as typed and judged when submitted.
 * @returns no problem when `answers` can be kept as the form's draft.
 */
export function draftShapeProblems(formSchema: JsonSchema, answers: Record<string, unknown>): DraftShapeProblem[] {
  const problems: DraftShapeProblem[] = [];
  // The form's top level is closed whatever the schema says: only its fields are kept.
  const properties = definedProperties(formSchema);
  for (const [key, item] of Object.entries(answers)) {
    const property = properties.get(key);
    if (property) checkValue(property, item, key, problems);
    else problems.push({ field: key, message: DRAFT_SHAPE_MESSAGES.unknownField });
  }
  return problems;
}

/** True when the answers hold anything typed: an empty draft is not offered to continue. */
export function hasDraftAnswers(answers: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return (
    !!answers &&
    Object.values(answers).some(
      (value) =>
        value !== null &&
        value !== undefined &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0) &&
        !(isRecord(value) && !hasDraftAnswers(value)),
    )
  );
}
