/**
 * The answer envelope `{ code, data, error }` of every route, and the errors routes throw so the one
 * error handler turns them into envelopes.
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export interface FieldError {
  field: string;
  message: string;
}

/** An error with the HTTP code and message the client sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** 422 `Invalid fields: a, b` with `data.fields`, the validation answer of the contract. */
export class ValidationError extends HttpError {
  constructor(readonly fields: FieldError[]) {
    super(422, `Invalid fields: ${[...new Set(fields.map((f) => f.field))].join(', ')}`, { fields });
  }
}

export const forbidden = () => new HttpError(403, 'Forbidden');
export const notFound = (what = 'Not found') => new HttpError(404, what);

/** Sends a success envelope. */
export function ok<T>(reply: FastifyReply, data: T, code = 200): FastifyReply {
  return reply.code(code).send({ code, data, error: null });
}

/** Parses a body with a zod schema, or throws the contract's 422 naming every bad field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : 'body',
    message: issue.message,
  }));
  throw new ValidationError(fields);
}

/** Reads a positive integer path/query parameter; anything else is a 404 (no such resource). */
export function idParam(value: unknown): number {
  const text = String(value ?? '');
  if (!/^[1-9][0-9]{0,9}$/.test(text)) throw notFound();
  const n = Number(text);
  if (n > 2147483647) throw notFound();
  return n;
}
