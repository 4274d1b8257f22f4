/**
 * The transport of the portal's client of the provider API (spec 01 section 7), on ky. Every answer is an envelope
 * `{ code, data, error }`; codes 200 to 209 count as success; a network or parse failure becomes
 * `{ code: 500, error: 'server error' }` so callers handle one shape only, and nothing throws.
 *
 * What the client adds to every call, uploads included, so no page repeats it:
 * - the bearer token (`getToken`) and the interface language (`Accept-Language`, `getLanguage`);
 * - `onUnauthorized` when a call that carried a token answers 401 (the server ended the session);
 * - a timeout per attempt (30 s), answered as `{ code: 408, error: TIMEOUT_MESSAGE }`;
 * - retries of GETs only (reads are idempotent; a repeated POST could save twice): network errors,
 *   408, 429, 500, 502, 503 and 504, twice, with backoff; a `Retry-After` is honoured up to
 *   `maxRetryAfter`, and a longer one is answered at once instead of keeping the page waiting.
 *
 * Uploads need progress, which fetch does not report, so the transport of `upload` is injectable
 * (`uploader`): the portal gives an XMLHttpRequest one (xhr-uploader.ts), and without one the client
 * posts the form with ky. Either way the headers and the 401 handling are the client's.
 */
import ky, { HTTPError, TimeoutError, type BeforeRetryState, type KyInstance } from 'ky';
import {
  ABORTED_CODE,
  ABORTED_MESSAGE,
  DEFAULT_GET_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  RETRY_STATUS_CODES,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_CODE,
  TIMEOUT_MESSAGE,
  joinApiPath,
  readEnvelopeText,
  retryAfterMs,
  type ApiClient,
  type ApiResult,
  type RequestOptions,
  type UploadOptions,
} from '../../engine/core';

/** What an uploader is asked to send: a multipart POST with the client's headers. */
export interface UploadRequest {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The raw answer of an upload. */
export interface UploadAnswer {
  status: number;
  text: string;
}

/**
 * Sends an upload and resolves with the raw answer; rejects when no answer came (network failure,
 * cancelled). The XMLHttpRequest uploader (xhr-uploader.ts) reports progress; tests inject fakes.
 */
export type Uploader = (request: UploadRequest) => Promise<UploadAnswer>;

export interface ApiClientOptions {
  /** API base, e.g. `/api/` or `http://127.0.0.1:8080/api/`. */
  baseUrl: string;
  /** Returns the bearer token of the signed-in user, if any. */
  getToken?: () => string | null | undefined;
  /** Returns the interface language, sent as `Accept-Language` so the server may answer in it. */
  getLanguage?: () => string | null | undefined;
  /** Called when a call that carried a token answers 401, e.g. to sign out. */
  onUnauthorized?: () => void;
  /** The fetch ky uses (tests inject a fake); defaults to the global fetch at call time. */
  fetch?: typeof fetch;
  /** The transport of `upload` (progress needs XMLHttpRequest); defaults to a ky POST. */
  uploader?: Uploader;
  /** Timeout of one attempt in milliseconds (default 30 s). */
  timeout?: number;
  /** Retries of a GET (default 2). */
  retries?: number;
  /** Longest `Retry-After` honoured, in milliseconds (default 5 s). */
  maxRetryAfter?: number;
  /** Backoff before retry n (1, 2, ...) when the answer gives no `Retry-After`; ky's default doubles from 300 ms. */
  retryDelay?: (attempt: number) => number;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * ky builds a `Request`, which needs an absolute URL outside a page (Node, jsdom); in a page the
 * relative base resolves against the document as fetch would.
 */
function absolute(url: string): string {
  const href = (globalThis as { location?: { href?: string } }).location?.href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || !href) return url;
  return new URL(url, href).href;
}

/**
 * Creates the API client. It never throws: failures come back as `{ ok: false, code, error }`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const maxRetryAfter = options.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER_MS;

  /** The headers every call carries; `tokenSent` says whether a 401 means the session ended. */
  function clientHeaders(): { headers: Record<string, string>; tokenSent: boolean } {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    return { headers, tokenSent: Boolean(token) };
  }

  function noteStatus(status: number, tokenSent: boolean): void {
    if (status === 401 && tokenSent) options.onUnauthorized?.();
  }

  /**
   * ky sleeps for a `Retry-After` before this hook runs; it is told to sleep 0 (`maxRetryAfter: 0`)
   * so this hook decides: wait what the server asked when it is short, else give its answer now.
   */
  async function honourRetryAfter({ error, options: requestOptions }: BeforeRetryState): Promise<void> {
    if (!(error instanceof HTTPError)) return;
    const wait = retryAfterMs(error.response.headers.get('Retry-After'));
    if (wait === null) return;
    if (wait > maxRetryAfter) throw error;
    await sleep(wait, requestOptions.signal ?? undefined);
  }

  const http: KyInstance = ky.create({
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: {
      limit: options.retries ?? DEFAULT_GET_RETRIES,
      methods: ['get'],
      statusCodes: [...RETRY_STATUS_CODES],
      afterStatusCodes: [429, 503],
      maxRetryAfter: 0,
      ...(options.retryDelay ? { delay: options.retryDelay } : {}),
    },
    hooks: {
      beforeRequest: [
        (request) => {
          for (const [name, value] of Object.entries(clientHeaders().headers)) request.headers.set(name, value);
        },
      ],
      afterResponse: [
        (request, _options, response) => noteStatus(response.status, request.headers.has('Authorization')),
      ],
      beforeRetry: [honourRetryAfter],
    },
  });

  /** Turns what a ky call threw into a result. */
  async function failure<T>(error: unknown, signal: AbortSignal | undefined): Promise<ApiResult<T>> {
    if (error instanceof HTTPError) {
      try {
        return readEnvelopeText<T>(error.response.status, await error.response.text());
      } catch {
        return { ok: false, code: 500, error: SERVER_ERROR_MESSAGE };
      }
    }
    if (error instanceof TimeoutError) return { ok: false, code: TIMEOUT_CODE, error: TIMEOUT_MESSAGE };
    if (signal?.aborted) return { ok: false, code: ABORTED_CODE, error: ABORTED_MESSAGE };
    return { ok: false, code: 500, error: SERVER_ERROR_MESSAGE };
  }

  async function call<T>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    body: unknown,
    requestOptions: RequestOptions | undefined,
  ): Promise<ApiResult<T>> {
    const signal = requestOptions?.signal;
    try {
      const response = await http(absolute(joinApiPath(options.baseUrl, path)), {
        method,
        ...(body === undefined ? {} : { json: body }),
        ...(signal ? { signal } : {}),
        // ky hands it to the Request: the browser sends it even after the page is gone.
        ...(requestOptions?.keepalive ? { keepalive: true } : {}),
      });
      return readEnvelopeText<T>(response.status, await response.text());
    } catch (error) {
      return failure<T>(error, signal);
    }
  }

  /** Without an injected uploader: a plain ky POST of the form (no progress until it is done). */
  const kyUploader: Uploader = async (request) => {
    const response = await http.post(absolute(request.url), {
      body: request.body,
      // The client's hooks set the headers again; these are the same ones.
      headers: request.headers,
      retry: 0,
      // An upload takes as long as the file needs: no timeout of its own (it can be cancelled).
      timeout: false,
      throwHttpErrors: false,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    return { status: response.status, text: await response.text() };
  };

  async function upload<T>(path: string, form: FormData, uploadOptions: UploadOptions = {}): Promise<ApiResult<T>> {
    const { headers, tokenSent } = clientHeaders();
    const uploader = options.uploader ?? kyUploader;
    const { signal, onProgress } = uploadOptions;
    try {
      const answer = await uploader({
        url: joinApiPath(options.baseUrl, path),
        headers,
        body: form,
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      });
      // The ky uploader's hooks saw the answer already; an injected uploader's did not.
      if (options.uploader) noteStatus(answer.status, tokenSent);
      const result = readEnvelopeText<T>(answer.status, answer.text);
      if (result.ok) onProgress?.(100);
      return result;
    } catch {
      if (signal?.aborted) return { ok: false, code: ABORTED_CODE, error: ABORTED_MESSAGE };
      return { ok: false, code: 500, error: SERVER_ERROR_MESSAGE };
    }
  }

  return {
    baseUrl: options.baseUrl,
    get: (path, requestOptions) => call('get', path, undefined, requestOptions),
    post: (path, body, requestOptions) => call('post', path, body ?? {}, requestOptions),
    put: (path, body, requestOptions) => call('put', path, body ?? {}, requestOptions),
    delete: (path, requestOptions) => call('delete', path, undefined, requestOptions),
    upload,
    url: (path) => joinApiPath(options.baseUrl, path),
  };
}
