/**
 * The console's client of the staff API (`/api/staff/...`): a staff member signs in with the
 * authority's OpenID provider and is known by a session cookie, not by the applicant's bearer
 * token, so the console talks to the server on its own: same-origin cookies, the session's CSRF token
 * on every POST, and the 422 envelope's fields kept (the transition dialog shows each under its
 * input). Nothing here throws: a failure is `{ ok: false, code, error, fields }`.
 */
import { createContext, useContext } from 'react';
import { joinApiPath, SERVER_ERROR_MESSAGE } from '../../engine/core';
import { API_BASE } from '../api';

/** A field the server refused, and why (the contract's 422 envelope). */
export interface FieldProblem {
  field: string;
  message: string;
}

export type StaffResult<T> =
  { ok: true; code: number; data: T } | { ok: false; code: number; error: string; fields: FieldProblem[] };

/** What the console asks of the staff API; tests give a fake. */
export interface StaffApi {
  /** Reads `path` (the engine's `useApiQuery` reads through it as through any ApiClient). */
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<StaffResult<T>>;
  /** POSTs JSON, or a multipart form when `body` is a FormData, with the session's CSRF token. */
  post<T>(path: string, body: unknown, csrfToken: string): Promise<StaffResult<T>>;
  /** PUTs JSON (a setting of the application: its legal hold) with the session's CSRF token. */
  put<T>(path: string, body: unknown, csrfToken: string): Promise<StaffResult<T>>;
  /** The address of a path under the API base (links: sign-in, downloads, export). */
  url(path: string): string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldsOf(data: unknown): FieldProblem[] {
  const fields = isRecord(data) ? data.fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (field): field is FieldProblem =>
      isRecord(field) && typeof field.field === 'string' && typeof field.message === 'string',
  );
}

/**
 * Reads an answer: the project's envelope `{ code, data, error }`, or a bare object (the session's
 * answer may come either way); a failure keeps the envelope's message and fields.
 */
export function readStaffAnswer<T>(status: number, payload: unknown): StaffResult<T> {
  const enveloped = isRecord(payload) && 'code' in payload && ('data' in payload || 'error' in payload);
  const ok = status >= 200 && status < 300;
  if (ok) return { ok: true, code: status, data: (enveloped ? payload.data : payload) as T };
  const error =
    isRecord(payload) && typeof payload.error === 'string' && payload.error
      ? payload.error
      : isRecord(payload) && typeof payload.message === 'string'
        ? payload.message
        : SERVER_ERROR_MESSAGE;
  return { ok: false, code: status, error, fields: fieldsOf(isRecord(payload) ? payload.data : undefined) };
}

/** The console's client over fetch, under `baseUrl` (the portal's API base by default). */
export function createStaffApi(
  baseUrl: string = API_BASE,
  doFetch: typeof fetch = (...args) => fetch(...args),
): StaffApi {
  const url = (path: string) => joinApiPath(baseUrl, path);
  const send = async <T>(path: string, init: RequestInit): Promise<StaffResult<T>> => {
    try {
      const response = await doFetch(url(path), { credentials: 'same-origin', ...init });
      const payload: unknown = await response.json().catch(() => null);
      return readStaffAnswer<T>(response.status, payload);
    } catch {
      return { ok: false, code: 500, error: SERVER_ERROR_MESSAGE, fields: [] };
    }
  };
  return {
    url,
    get: (path, options) =>
      send(path, { headers: { Accept: 'application/json' }, ...(options?.signal ? { signal: options.signal } : {}) }),
    post: (path, body, csrfToken) => {
      const form = body instanceof FormData;
      const headers: Record<string, string> = { Accept: 'application/json', 'x-csrf-token': csrfToken };
      if (!form) headers['Content-Type'] = 'application/json';
      return send(path, { method: 'POST', headers, body: form ? body : JSON.stringify(body ?? {}) });
    },
    put: (path, body, csrfToken) =>
      send(path, {
        method: 'PUT',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify(body ?? {}),
      }),
  };
}

export const StaffApiContext = createContext<StaffApi | null>(null);

let shared: StaffApi | undefined;

/** The staff API of the page: the context's (tests), else one shared client. */
export function useStaffApi(): StaffApi {
  const given = useContext(StaffApiContext);
  if (given) return given;
  shared ??= createStaffApi();
  return shared;
}
