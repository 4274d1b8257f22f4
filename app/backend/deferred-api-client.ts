/**
 * An ApiClient whose transport loads on its first call. A public page makes its first call after it
 * is drawn and interactive (or when the visitor submits), so the HTTP library and the client's retry
 * and upload code need not be part of the page's first download: they arrive in a chunk of their own,
 * fetched once, when a call is made. Until then only the base and `url` are needed, which are known.
 */
import {
  ABORTED_CODE,
  ABORTED_MESSAGE,
  joinApiPath,
  SERVER_ERROR_MESSAGE,
  type ApiClient,
  type ApiResult,
} from '../../engine/core';

/**
 * A client answering every call through the one `load` gives, loaded at the first call (again after
 * a failed load). Like every ApiClient it never throws: when the transport cannot be loaded (the
 * chunk is unreachable), the call answers a server error, or an aborted call when its signal fired.
 */
export function deferredApiClient(baseUrl: string, load: () => Promise<ApiClient>): ApiClient {
  let loading: Promise<ApiClient> | undefined;
  const transport = (): Promise<ApiClient> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  async function through<T>(signal: AbortSignal | undefined, call: (client: ApiClient) => Promise<ApiResult<T>>) {
    try {
      return await call(await transport());
    } catch {
      return signal?.aborted
        ? ({ ok: false, code: ABORTED_CODE, error: ABORTED_MESSAGE } as const)
        : ({ ok: false, code: 500, error: SERVER_ERROR_MESSAGE } as const);
    }
  }
  return {
    baseUrl,
    get: (path, options) => through(options?.signal, (client) => client.get(path, options)),
    post: (path, body, options) => through(options?.signal, (client) => client.post(path, body, options)),
    put: (path, body, options) => through(options?.signal, (client) => client.put(path, body, options)),
    delete: (path, options) => through(options?.signal, (client) => client.delete(path, options)),
    upload: (path, form, options) => through(options?.signal, (client) => client.upload(path, form, options)),
    url: (path) => joinApiPath(baseUrl, path),
  };
}
