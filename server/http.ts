/**
 * The answer envelope `{ code, data, error }` of every route, and the errors routes throw so the one
 * error handler turns them into envelopes.
 */
import type { FastifyReply } from 'fastify';

export interface FieldError {
  field: string;
  message: string;
}

/** An error with the HTTP code and message the client sees (and headers to send with it, e.g. Retry-After). */
export class HttpError extends Error {
  headers: Record<string, string> = {};
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * 422 `Invalid fields: a, b` with `data.fields`, the validation answer of the contract. `message`
 * replaces the summary where one sentence says it better (e.g. the password step's rule).
 */
export class ValidationError extends HttpError {
  constructor(
    readonly fields: FieldError[],
    message?: string,
  ) {
    super(422, message ?? `Invalid fields: ${[...new Set(fields.map((f) => f.field))].join(', ')}`, { fields });
  }
}

export const forbidden = () => new HttpError(403, 'Forbidden');
export const notFound = (what = 'Not found') => new HttpError(404, what);

/** The contract's success envelope around `data`. */
export function envelope<T>(data: T, code = 200): { code: number; data: T; error: null } {
  return { code, data, error: null };
}

/** Sends a success envelope. */
export function ok<T>(reply: FastifyReply, data: T, code = 200): FastifyReply {
  return reply.code(code).send(envelope(data, code));
}

/**
 * The success envelope around `data` as `ok` would send it, serialised by the route's response
 * schema (what it does not declare stays here), for an answer kept as text and sent by `okText`.
 */
export function okTextOf(reply: FastifyReply, data: unknown): string {
  const serialised = reply.code(200).serialize(envelope(data));
  return typeof serialised === 'string' ? serialised : Buffer.from(serialised as ArrayBuffer).toString('utf8');
}

/** Sends `text`, a success envelope `okTextOf` serialised. */
export function okText(reply: FastifyReply, text: string): FastifyReply {
  return reply.code(200).type('application/json; charset=utf-8').send(text);
}

/** Largest id a row can have: the id columns are 32-bit integers in PostgreSQL. */
export const MAX_DB_ID = 2147483647;

/**
 * True for a value that can be a row id: a positive whole number (or its decimal text) of at most
 * MAX_DB_ID. Anything else is refused before it reaches a query, where PostgreSQL would fail on
 * 2^31 and SQLite would quietly compare it.
 */
export function isDbId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_DB_ID;
  return typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= MAX_DB_ID;
}

/** Reads a positive integer path/query parameter; anything else is a 404 (no such resource). */
export function idParam(value: unknown): number {
  const text = typeof value === 'number' ? value : String(value ?? '');
  if (!isDbId(text)) throw notFound();
  return Number(text);
}
