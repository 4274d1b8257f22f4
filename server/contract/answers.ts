/**
 * The JSON Schemas of the API's answers: the envelope `{ code, data, error }` around each route's
 * data, the error envelope every refusal leaves in (server/http.ts, the error handler of app.ts), the
 * downloads, and the small building blocks the resources' schemas are made of. Fastify serialises each
 * answer by its schema, so a field a schema does not declare never leaves the server; the same schemas
 * make the OpenAPI document (server/contract/openapi.ts).
 */
import { answerSchemaParts } from '../../engine/core';

/** A JSON Schema as the routes declare it (a plain object: Fastify, Ajv and the OpenAPI document read it). */
export type Schema = Readonly<Record<string, unknown>>;

// The building blocks are those of the answers the portal reads (engine/core/contract/schema-parts.ts).
export const { text, nullableText, integer, nullableInteger, number, nullableNumber, flag, anyValue } =
  answerSchemaParts;

/**
 * An object of the declared `properties` and nothing else (what is not declared is not sent). Fields
 * listed in `required` are always present: serialising an answer without one fails loudly.
 */
export function object(properties: Record<string, Schema>, required: readonly string[] = []): Schema {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/**
 * An object whose declared `properties` are typed and whose other fields pass as they are: for
 * answers carrying what a service's definition shapes (its records, its stage facts, a lookup entry's
 * own fields), which no fixed schema can list.
 */
export function openObject(properties: Record<string, Schema> = {}): Schema {
  return { type: 'object', properties, additionalProperties: true };
}

/** A list of `items`. */
export function list(items: Schema): Schema {
  return { type: 'array', items };
}

/** The error envelope: the code, a message in the caller's language, and details (`data.fields` for 422). */
export const ERROR_ANSWER = {
  type: 'object',
  required: ['code', 'data', 'error'],
  properties: {
    code: integer,
    // The field errors of a 422 (`{ fields: [{ field, message }] }`), a readiness report, or null.
    data: anyValue,
    error: text,
  },
  additionalProperties: false,
} as const;

/** The success envelope around `data`. */
export function okAnswer(data: Schema, description = 'Done'): Schema {
  return {
    description,
    type: 'object',
    required: ['code', 'data', 'error'],
    properties: { code: integer, data, error: { type: 'null' } },
    additionalProperties: false,
  };
}

/**
 * A route's `response` schemas: each success status with its data in the envelope, and every client
 * and server error in the error envelope.
 */
export function answers(success: Readonly<Record<number, Schema>>): Record<string, Schema> {
  return {
    ...Object.fromEntries(Object.entries(success).map(([status, data]) => [status, okAnswer(data)])),
    '4xx': { description: 'Refused', ...ERROR_ANSWER },
    '5xx': { description: 'Failed', ...ERROR_ANSWER },
  };
}

/**
 * The `response` schemas of a download: a file of one of `types` (bytes, never serialised), or an
 * error envelope.
 */
export function download(types: readonly string[], description = 'The file'): Record<string, Schema> {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return {
    200: { description, content: Object.fromEntries(types.map((type) => [type, binary])) },
    '4xx': { description: 'Refused', ...ERROR_ANSWER },
    '5xx': { description: 'Failed', ...ERROR_ANSWER },
  };
}
