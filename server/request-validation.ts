/**
 * How Fastify judges a request's path parameters, query and body against its route's schemas: with
 * the project's one Ajv setup (engine/core/ajv-setup.ts: ajv-errors' `errorMessage` gives each refusal
 * the contract's message), plus the keywords of request input: `trim` and `lowerCase`, and `month`.
 *
 * Why keywords that change the data (`modifying: true`) rather than a normalising step in each route:
 * the rules must judge the text as it will be kept. " 0788123456 " is a valid phone once trimmed, and
 * "   " is an empty required text: a trim after validation would refuse the first and keep the
 * second. The keywords run before the other string rules (`before: 'maxLength'`), Ajv reads the
 * changed value back, and the route receives the body as it is judged: the schema alone says what a
 * field becomes. Passwords declare no `trim`, so they are kept as typed.
 *
 * No type coercion: path parameters and query values are texts and their schemas say so; a body is
 * JSON and is judged as sent.
 */
import type { FastifyInstance, FastifySchema, FastifySchemaValidationError } from 'fastify';
import { createAjv, monthMessage, monthProblem } from '../engine/core';
import { missingProperty } from './route-schemas';

/** The Ajv of requests: the project's setup with the two keywords that normalise texts. */
export function createRequestAjv() {
  const ajv = createAjv();
  for (const [keyword, change] of [
    ['trim', (text: string) => text.trim()],
    ['lowerCase', (text: string) => text.toLowerCase()],
  ] as const) {
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: 'boolean',
      modifying: true,
      before: 'maxLength',
      errors: false,
      validate: (on: boolean, data: string, _schema, context) => {
        if (on && context && context.parentData !== undefined) {
          (context.parentData as Record<string | number, unknown>)[context.parentDataProperty] = change(data);
        }
        return true;
      },
    });
  }
  // `month: { withDay }`: a month as the portal judges it (engine/core/month-range.ts), whose range
  // ends with the current month, so no fixed pattern can say it.
  const month = (options: { withDay?: boolean }, data: string): boolean => {
    const problem = monthProblem(data, options);
    month.errors = problem ? [{ keyword: 'month', message: monthMessage(problem), params: {} }] : undefined;
    return problem === undefined;
  };
  month.errors = undefined as Array<{ keyword: string; message: string; params: object }> | undefined;
  ajv.addKeyword({ keyword: 'month', type: 'string', schemaType: 'object', validate: month });
  return ajv;
}

type Validator = ((data: unknown) => boolean | { value: unknown }) & {
  errors?: FastifySchemaValidationError[] | null;
};

/**
 * Makes `app` judge requests with the request Ajv. A body left out (or `null`) is judged as `{}`, so
 * a call without one is answered with its missing fields, as an empty form would be.
 */
export function installRequestValidation(app: FastifyInstance): void {
  const ajv = createRequestAjv();
  app.setValidatorCompiler(({ schema, httpPart, contentType }) => {
    // A multipart body is read part by part by its route (it is not in `request.body`): its schema
    // documents the form only.
    if (contentType === 'multipart/form-data') return () => true;
    const validate = ajv.compile(schema as object);
    const order = fieldOrder(schema);
    const validator: Validator = (data) => {
      const value = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
      // The root is an object: the keywords change its fields in place.
      if (validate(value)) return { value };
      validator.errors = [...(validate.errors as FastifySchemaValidationError[])].sort((a, b) => order(a) - order(b));
      return false;
    };
    return validator;
  });
}

/**
 * Where a refusal's field comes in the schema's `properties`: the refusals are answered in the order
 * of the form (Ajv reports missing fields after the others), the fields it does not declare last.
 */
function fieldOrder(schema: unknown): (problem: FastifySchemaValidationError) => number {
  const names = Object.keys((schema as { properties?: object }).properties ?? {});
  return (problem) => {
    const field = problem.instancePath.split('/')[1] ?? missingProperty(problem);
    const index = field === undefined ? -1 : names.indexOf(field);
    return index === -1 ? names.length : index;
  };
}

/** The schemas of a route that holds a path parameter, query or body (what OpenAPI shows as its input). */
export type RequestSchemas = Pick<FastifySchema, 'params' | 'querystring' | 'body'>;
