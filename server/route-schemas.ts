/**
 * Fastify route schemas of the API: what a route's path parameters, query and body are, so Fastify
 * checks their shape before the handler runs (a refusal is the contract's 422 with `data.fields`, see
 * `validationError`) and the handler reads them typed. The rules of a form are not here: the
 * definitions' own schemas judge those, with their messages.
 */
import type { FastifyError } from 'fastify';
import { ValidationError, type FieldError } from './http';

/** The path parameters of a route path (`:name` or a definition's `{name}`), as texts. */
export function paramsSchema(names: readonly string[]) {
  return {
    type: 'object',
    required: [...names],
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', maxLength: 200 }])),
  } as const;
}

/** The names of a route's path parameters: `/staff/applications/:id/:action` -> id, action. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);
}

/** A JSON object body (what it holds is judged by the route). */
export const OBJECT_BODY = { type: 'object' } as const;

/**
 * The route schema of a save declared by a definition (a submit call, a task's save): its path's
 * placeholders and a JSON object body, whose fields the definition's own schema judges.
 */
export function submitRouteSchema(url: string) {
  return { params: paramsSchema(paramNames(url)), body: OBJECT_BODY };
}

/** The query of a route: its optional texts. */
export function querySchema(names: readonly string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', maxLength: 2000 }])),
  } as const;
}

/** Fastify's refusal of a request's shape as the contract's 422, each problem named by its field. */
export function validationError(error: FastifyError): ValidationError {
  const context = error.validationContext ?? 'body';
  const fields: FieldError[] = (error.validation ?? []).map((problem) => {
    // A required field's own message (ajv-errors' `errorMessage.required`) wraps Ajv's error.
    const params = problem.params as {
      missingProperty?: string;
      errors?: Array<{ params?: { missingProperty?: string } }>;
    };
    const missing = params.missingProperty ?? params.errors?.[0]?.params?.missingProperty;
    const path = problem.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const field = [path, missing].filter(Boolean).join('.') || context;
    const message =
      context === 'body' && !path && problem.keyword === 'type'
        ? 'Send a JSON object.'
        : (problem.message ?? 'is invalid');
    return { field, message };
  });
  return new ValidationError(fields.length > 0 ? fields : [{ field: context, message: error.message }]);
}
