/**
 * The portal's client of the provider API (spec 01 section 7): every answer is an envelope
 * `{ code, data, error }`; codes 200 to 209 count as success; a network or parse failure becomes
 * `{ code: 500, error: 'server error' }` so callers handle one shape only.
 */

/** The envelope every call answers with. */
export interface ApiEnvelope<T> {
  code: number;
  data: T | null;
  error: string | null;
}

/** A successful answer narrowed to its data. */
export type ApiResult<T> = { ok: true; code: number; data: T } | { ok: false; code: number; error: string };

/** Codes 200 to 209 are success (spec 01 section 9). */
export function isSuccessCode(code: number): boolean {
  return code >= 200 && code <= 209;
}

export interface ApiClientOptions {
  /** API base, e.g. `/api/` or `http://127.0.0.1:8080/api/`. */
  baseUrl: string;
  /** Returns the bearer token of the signed-in user, if any. */
  getToken: () => string | null | undefined;
  /** Called when an authenticated call answers 401, e.g. to sign out. */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

export interface ApiClient {
  readonly baseUrl: string;
  get<T>(path: string): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown): Promise<ApiResult<T>>;
  put<T>(path: string, body?: unknown): Promise<ApiResult<T>>;
  /** Absolute URL of a path under the API base (downloads, certificate links). */
  url(path: string): string;
}

/** The message used for any network or parse failure (spec 01 section 8). */
export const SERVER_ERROR_MESSAGE = 'server error';

/** Joins the API base and a relative path, with exactly one slash between them. */
export function joinApiPath(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Turns a parsed answer into an `ApiResult`, tolerating `{ status, data }` answers too. */
export function readEnvelope<T>(httpStatus: number, payload: unknown): ApiResult<T> {
  if (payload === null || typeof payload !== 'object') {
    return { ok: false, code: 500, error: SERVER_ERROR_MESSAGE };
  }
  const body = payload as Partial<ApiEnvelope<T>> & { status?: boolean; message?: string };
  const code = typeof body.code === 'number' ? body.code : body.status === true ? 200 : httpStatus;
  if (isSuccessCode(code) && body.status !== false) {
    return { ok: true, code, data: (body.data ?? null) as T };
  }
  const error = typeof body.error === 'string' && body.error ? body.error : (body.message ?? SERVER_ERROR_MESSAGE);
  return { ok: false, code, error };
}

/**
 * Creates the API client. It sends the stored token as bearer authorization and never throws:
 * failures come back as `{ ok: false, code, error }`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await doFetch(joinApiPath(options.baseUrl, path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && token) options.onUnauthorized?.();
      const payload: unknown = await response.json();
      return readEnvelope<T>(response.status, payload);
    } catch {
      return { ok: false, code: 500, error: SERVER_ERROR_MESSAGE };
    }
  }

  return {
    baseUrl: options.baseUrl,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    put: (path, body) => call('PUT', path, body ?? {}),
    url: (path) => joinApiPath(options.baseUrl, path),
  };
}
