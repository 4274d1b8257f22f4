/**
 * The JSON body parser of the API. Fastify's own parser (size limit while the body streams in,
 * `__proto__` and `constructor` keys refused) plus what a form API never needs and a database must
 * not see, each refused with a 400 envelope naming the problem:
 *
 * - nesting deeper than `MAX_JSON_DEPTH`, checked on the raw text before `JSON.parse` runs, so a
 *   body of a million `[` costs one linear scan and no recursion;
 * - a list longer than `MAX_JSON_ITEMS` or an object with more than `MAX_JSON_KEYS` keys;
 * - numbers that do not fit a double (`1e999` parses to Infinity and would be stored as null);
 * - NUL characters in any string or key (PostgreSQL text refuses them, SQLite would keep them:
 *   refusing them here gives both databases the same answer);
 * - lone UTF-16 surrogates (`"\ud800"`), which no UTF-8 text holds and `encodeURIComponent` throws on.
 */
import type { FastifyInstance } from 'fastify';
import { isWellFormed } from '../engine/core';
import { HttpError } from './http';

export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_ITEMS = 1000;
export const MAX_JSON_KEYS = 500;

export const JSON_MESSAGES = {
  tooDeep: `The request nests values more than ${MAX_JSON_DEPTH} levels deep.`,
  tooManyItems: `A list in the request has more than ${MAX_JSON_ITEMS} items.`,
  tooManyKeys: `An object in the request has more than ${MAX_JSON_KEYS} fields.`,
  notFinite: 'A number in the request is too large.',
  nul: 'Text in the request must not contain NUL characters.',
  surrogate: 'Text in the request must be valid Unicode.',
} as const;

/**
 * Deepest nesting of objects and arrays in JSON text, stopping as soon as it passes `limit`.
 * Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/** The first problem of a parsed value, or null. Iterative: the depth is already bounded. */
export function jsonValueProblem(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return JSON_MESSAGES.nul;
      if (!isWellFormed(current)) return JSON_MESSAGES.surrogate;
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return JSON_MESSAGES.notFinite;
    } else if (Array.isArray(current)) {
      if (current.length > MAX_JSON_ITEMS) return JSON_MESSAGES.tooManyItems;
      stack.push(...current);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      if (entries.length > MAX_JSON_KEYS) return JSON_MESSAGES.tooManyKeys;
      for (const [key, item] of entries) {
        if (key.includes('\u0000')) return JSON_MESSAGES.nul;
        if (!isWellFormed(key)) return JSON_MESSAGES.surrogate;
        stack.push(item);
      }
    }
  }
  return null;
}

/**
 * Replaces the JSON parser of `app` (and the instances registered inside it), and refuses NUL
 * characters in the path's parameters and the query string the same way as in a body (an id such as
 * `verify/tor/%00` would otherwise reach PostgreSQL, which fails on it).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      jsonValueProblem([request.params, request.query]) === JSON_MESSAGES.nul
        ? new HttpError(400, JSON_MESSAGES.nul)
        : undefined,
    );
  });
  const parseDefault = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, JSON_MESSAGES.tooDeep), undefined);
      return;
    }
    parseDefault(request, text, (error, parsed) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const problem = jsonValueProblem(parsed);
      if (problem) done(new HttpError(400, problem), undefined);
      else done(null, parsed);
    });
  });
}
