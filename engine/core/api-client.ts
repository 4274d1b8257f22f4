/**
 * The contract of the portal's client of the provider API (spec 01 section 7): every answer is an
 * envelope `{ code, data, error }`; codes 200 to 209 count as success; a network or parse failure
 * becomes `{ code: 500, error: 'server error' }` so callers handle one shape only, and nothing throws.
 * Its transport, on ky, is the portal's (app/backend/ky-api-client.ts): this module holds what pages
 * and hooks read of the answers, without the HTTP library, a token or an address.
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

/** The message used for any network or parse failure (spec 01 section 8). */
export const SERVER_ERROR_MESSAGE = 'server error';
/** The message of a call the server did not answer within the timeout. */
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Please try again.';
/** The code of a timed-out call (HTTP's Request Timeout). */
export const TIMEOUT_CODE = 408;
/** The message of a call cancelled through its signal (a page left, an upload cancelled). */
export const ABORTED_MESSAGE = 'request aborted';
/** The code of a cancelled call: no answer was received. */
export const ABORTED_CODE = 0;

/** Timeout of one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Retries of a GET after the first attempt. */
export const DEFAULT_GET_RETRIES = 2;
/** The longest `Retry-After` waited for before retrying; a longer one is answered at once. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;
/** Answers worth asking again for (ky's list without 413: a body too large stays too large). */
export const RETRY_STATUS_CODES: readonly number[] = [408, 429, 500, 502, 503, 504];

/** Options of one call. */
export interface RequestOptions {
  /** Cancels the call (e.g. TanStack Query's signal when the page that asked is gone). */
  signal?: AbortSignal;
  /**
   * The request outlives the page (fetch's `keepalive`): a draft saved as the page is hidden or
   * closed. Its body must fit the browser's limit (`fitsKeepalive`, keepalive-body.ts), or the call
   * fails at once.
   */
  keepalive?: boolean;
}

/** Options of an upload. */
export interface UploadOptions extends RequestOptions {
  /** Called with 0..100 as the bytes go out (when the uploader can tell), and 100 on success. */
  onProgress?: (percent: number) => void;
}

export interface ApiClient {
  readonly baseUrl: string;
  get<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  /** DELETEs a resource (never retried: it is not a read). */
  delete<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /** POSTs a multipart form (never retried), with progress when the uploader reports it. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<ApiResult<T>>;
  /** Absolute URL of a path under the API base (downloads, certificate links). */
  url(path: string): string;
}

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

/** Reads an answer's text as an envelope; text that is not JSON is a server error. */
export function readEnvelopeText<T>(httpStatus: number, text: string): ApiResult<T> {
  try {
    return readEnvelope<T>(httpStatus, JSON.parse(text));
  } catch {
    return { ok: false, code: 500, error: SERVER_ERROR_MESSAGE };
  }
}

/**
 * Milliseconds a `Retry-After` value asks to wait: seconds or an HTTP date; null when absent or
 * unreadable. A past date means now.
 */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The error a failed `ApiResult` becomes where a throw is expected (TanStack Query's query functions). */
export class ApiError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** Texts for the failures the client itself produces (not the server's messages), e.g. translated. */
export interface ClientFailureTexts {
  serverError?: string;
  timeout?: string;
}

/**
 * The one way to turn a failure into the message a person reads: a failed `ApiResult` gives its
 * error, a thrown `Error` (an `ApiError` included) its message, a string itself; anything else, and
 * an `ok` result that lacked the data expected, is a server error. The client's own messages (server
 * error, timeout) are replaced by `texts` when given, so the interface can translate them; the
 * server's messages pass through as they are.
 */
export function failureMessage(failure: unknown, texts: ClientFailureTexts = {}): string {
  const serverError = texts.serverError ?? SERVER_ERROR_MESSAGE;
  let message: string | undefined;
  if (typeof failure === 'string') message = failure;
  else if (failure instanceof Error) message = failure.message;
  else if (failure !== null && typeof failure === 'object' && 'ok' in failure) {
    const result = failure as { ok: unknown; error?: unknown };
    if (result.ok === false && typeof result.error === 'string') message = result.error;
  }
  if (!message || message === SERVER_ERROR_MESSAGE) return serverError;
  if (message === TIMEOUT_MESSAGE) return texts.timeout ?? TIMEOUT_MESSAGE;
  return message;
}
