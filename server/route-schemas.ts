/**
 * Fastify route schemas of the API: what a route's path parameters, query and body are, so Fastify
 * checks their shape before the handler runs (a refusal is the contract's 422 with `data.fields`, see
 * `validationError`) and the handler reads them typed. The rules of a form are not here: the
 * definitions' own schemas judge those, with their messages.
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { JsonSchema } from '../engine/core';
import { ValidationError, type FieldError } from './http';

/**
 * `app` whose routes read `request.params`, `query` and `body` typed by the schemas they declare
 * (json-schema-to-ts), so a handler's types cannot drift from what Fastify checked.
 */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<JsonSchemaToTsProvider>();
}

/** The path parameters of a route path (`:name` or a definition's `{name}`), as texts. */
export function paramsSchema<const N extends readonly string[]>(names: N) {
  const text = { type: 'string', maxLength: 200 } as const;
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, text])) as { [K in N[number]]: typeof text },
  } as const;
}

/** The names of a route's path parameters: `/staff/applications/:id/:action` -> id, action. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);
}

/** The body of a call that reads none: any JSON object, or nothing. */
export const NO_BODY = { type: 'object', description: 'Nothing: the call reads no body' } as const;

/**
 * The schema of a multipart body: its parts are read by the route as they stream in (a file is never
 * held in memory), so the schema documents them and checks nothing.
 */
export const MULTIPART_BODY = {
  type: 'object',
  description: 'multipart/form-data: the file in the part "file", and text fields',
} as const;

/** A body of one multipart file, as routes that take an upload declare it. */
export const MULTIPART_ONLY = { content: { 'multipart/form-data': { schema: MULTIPART_BODY } } } as const;

/** A JSON object body (what it holds is judged by the route). */
export const OBJECT_BODY = { type: 'object' } as const;

/**
 * The route schema of a submit call declared by definitions: its path's placeholders and a JSON object
 * body, documented by the calls that answer the route (`callBodyDocument`: annotations only, since the
 * definition's own schema judges the fields, with the form's messages, once the application the
 * request names has chosen the call).
 */
export function submitRouteSchema(url: string, bodies: readonly JsonSchema[] = []) {
  const [only] = bodies;
  const body =
    bodies.length === 1 && only
      ? only
      : bodies.length > 1
        ? {
            ...OBJECT_BODY,
            description: bodies.map((body) => body.description).join(' '),
            properties: Object.assign({}, ...bodies.map((body) => body.properties ?? {})) as Record<string, JsonSchema>,
          }
        : OBJECT_BODY;
  return { params: paramsSchema(paramNames(url)), body };
}

/**
 * The query of a route: its optional texts, one value each (a name given twice is refused with 422
 * naming it). No length is set: the URL's own limit bounds them, and each route reads its values as
 * it did before the query was declared.
 */
export function queryTexts<const N extends readonly string[]>(names: N) {
  const text = { type: 'string' } as const;
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, text])) as { [K in N[number]]: typeof text },
  } as const;
}

/** The path parameters of a route whose path a definition gives (names known only when it is read). */
export function pathParams(url: string) {
  return paramsSchema(paramNames(url));
}

/** Methods whose calls carry a body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Makes `app` (and what is registered inside it) refuse an `/api/` route that does not declare its
 * input: a body schema for a method that takes one, and each `:name` of its path in `params`. So
 * Fastify judges every request before its handler, and the OpenAPI document shows every input.
 */
export function requireRequestSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    const schema = route.schema ?? {};
    if ([route.method].flat().some((method) => BODY_METHODS.has(method)) && schema.body === undefined)
      throw new Error(`${name} declares no body schema`);
    const declared = (schema.params as { required?: readonly string[] } | undefined)?.required ?? [];
    const undeclared = paramNames(route.url).filter((param) => !declared.includes(param));
    if (undeclared.length > 0) throw new Error(`${name} declares no params schema for ${undeclared.join(', ')}`);
  });
}

/** The field a missing property names: Ajv's own `required` error, or the one ajv-errors replaced. */
export function missingProperty(problem: FastifySchemaValidationError): string | undefined {
  const params = problem.params as {
    missingProperty?: string;
    errors?: Array<{ params?: { missingProperty?: string } }>;
  };
  return params.missingProperty ?? params.errors?.[0]?.params?.missingProperty;
}

/**
 * Fastify's refusal of a request's shape as the contract's 422, each problem named by its field (a
 * path below the body as `a.b`) with its message: the schema's own (`errorMessage`), else Ajv's. The
 * one place a schema's refusal becomes the answer: the error handler of app.ts sends it translated.
 */
export function validationError(error: FastifyError): ValidationError {
  const context = error.validationContext ?? 'body';
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const problem of error.validation ?? []) {
    const path = problem.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const field = [path, missingProperty(problem)].filter(Boolean).join('.') || context;
    const message =
      context === 'body' && !path && problem.keyword === 'type'
        ? 'Send a JSON object.'
        : (problem.message ?? 'is invalid');
    // A field refused by two rules with one message (too long, and so not an address) is named once.
    if (seen.has(`${field}\n${message}`)) continue;
    seen.add(`${field}\n${message}`);
    fields.push({ field, message });
  }
  return new ValidationError(fields.length > 0 ? fields : [{ field: context, message: error.message }]);
}
