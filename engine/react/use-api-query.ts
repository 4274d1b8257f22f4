/**
 * Data fetching of the engine and the portal: one hook over TanStack Query for every read of the
 * API (`useApiQuery`), one for writes that change what was read (`useApiMutation`).
 *
 * Answers are cached under `['api', path]`, so two components reading the same path share one
 * request and one answer, and a write names the paths it changed (`invalidates`) instead of asking
 * each page to reload. The ApiClient never throws; here a failed answer becomes an `ApiError`, so
 * Query knows it failed, and comes back as a translated message.
 *
 * The host provides the QueryClient (`QueryClientProvider`, see `createApiQueryClient`). Without
 * one (the engine's own tests, another host) each ApiClient gets a client of its own, so the engine
 * still works and two fake APIs never share answers.
 */
import { useCallback, useContext } from 'react';
import {
  keepPreviousData,
  QueryClient,
  QueryClientContext,
  useMutation,
  useQuery,
  type Query,
} from '@tanstack/react-query';
import { ApiError, SERVER_ERROR_MESSAGE, type ApiClient, type ApiResult } from '../core/api-client';
import { ApiClientContext } from './api-context';
import { useFailureMessage } from './failure-message';

/** The first element of every API query key. */
export const API_QUERY_ROOT = 'api';

/** A path as cached: without leading slashes, so `/companies/7` and `companies/7` are one entry. */
function cachedPath(path: string): string {
  return path.replace(/^\/+/, '');
}

/** The query key of a GET of `path`. */
export function apiQueryKey(path: string): readonly [typeof API_QUERY_ROOT, string] {
  return [API_QUERY_ROOT, cachedPath(path)];
}

/**
 * The QueryClient the portal provides. Failed reads are not retried here: the ApiClient already
 * retries GETs that may succeed again, and a page's Retry button asks again at once. Windows
 * regaining focus do not refetch, so a page changes only when the user or a write asks for it.
 */
export function createApiQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * What a read needs of a client: its `get`. An ApiClient is one, and so is the engine's backend
 * (engine/core/backend-port.ts), whose sources are read the same way.
 */
export type ApiReader = Pick<ApiClient, 'get'>;

const ownClients = new WeakMap<ApiReader, QueryClient>();

function useResolvedApi<A extends ApiReader>(api: A | undefined, provided: A | null): A {
  const resolved = api ?? provided;
  if (!resolved) throw new Error('No ApiClient: pass `api` or wrap the page in <ApiClientContext.Provider>.');
  return resolved;
}

/** The host's QueryClient, else one of the given ApiClient's own (see the file's note). */
export function useApiQueryClient(api: ApiReader): QueryClient {
  const provided = useContext(QueryClientContext);
  if (provided) return provided;
  let own = ownClients.get(api);
  if (!own) {
    own = createApiQueryClient();
    ownClients.set(api, own);
  }
  return own;
}

/**
 * Marks the answers of `paths` stale and fetches again those on screen. A path also covers its
 * variants with a query string (`clients/applications/7` covers `clients/applications/7?page=2`).
 */
export function invalidateApiPaths(queryClient: QueryClient, paths: readonly string[]): Promise<void> {
  const wanted = paths.map(cachedPath);
  return queryClient.invalidateQueries({
    predicate: (query: Query) => {
      const [root, path] = query.queryKey;
      if (root !== API_QUERY_ROOT || typeof path !== 'string') return false;
      const bare = path.split('?')[0];
      return wanted.some((w) => w === path || w === bare);
    },
  });
}

export interface ApiQueryOptions<TData, TResult = TData> {
  /** The client (or backend) to read with; defaults to the `ApiClientContext` one. */
  api?: ApiReader;
  /** False holds the read (as a null path does). */
  enabled?: boolean;
  /** How long an answer counts as fresh (ms); fresh answers are not fetched again when a page mounts. Default 0. */
  staleTime?: number;
  /** Derives what the component needs from the answer's data. */
  select?: (data: TData) => TResult;
  /** Keeps showing the previous path's answer while the next one loads (pagination). */
  keepPrevious?: boolean;
  /** A success without data (`data: null`) counts as a server error, for reads that must give something. */
  requireData?: boolean;
}

/** `idle`: nothing to read (path null); `loading`: no answer yet, or asking again after a failure. */
export type ApiQueryStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ApiQueryState<T> {
  status: ApiQueryStatus;
  /** The last answer's data (also kept when a later refetch failed). */
  data: T | undefined;
  /** The failure as a person reads it (translated client texts, the server's own message). */
  error: string | null;
  /** The failure's code (HTTP-like; 0 cancelled, 408 timeout, 500 server error). */
  code: number | null;
  /** True while a request is on its way, including background refetches. */
  isFetching: boolean;
  /** Asks again (a Retry button). */
  refetch: () => void;
}

/**
 * The items of an answer that should be a list; anything else reads as an empty list (a `select`
 * for lists whose absence means "none").
 */
export function listOf<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/** Reads `path` with the client; a failed answer throws, so Query records the failure. */
async function read<T>(api: ApiReader, path: string, requireData: boolean): Promise<T> {
  // Query's abort signal is not passed on: an answer that arrives after the page left still fills
  // the cache for the next visit.
  const result = await api.get<T>(path);
  if (!result.ok) throw new ApiError(result.code, result.error);
  if (requireData && (result.data === null || result.data === undefined)) throw new ApiError(500, SERVER_ERROR_MESSAGE);
  return result.data;
}

/**
 * Reads `path` (GET) through the cache. `path` null means "nothing to read yet" (e.g. a parent
 * choice still empty). Returns the status, the data, the failure's message and a `refetch`.
 */
export function useApiQuery<TData, TResult = TData>(
  path: string | null,
  options: ApiQueryOptions<TData, TResult> = {},
): ApiQueryState<TResult> {
  const api = useResolvedApi<ApiReader>(options.api, useContext(ApiClientContext));
  const queryClient = useApiQueryClient(api);
  const describe = useFailureMessage();
  const enabled = path !== null && (options.enabled ?? true);
  const query = useQuery<TData, Error, TResult>(
    {
      queryKey: path === null ? [API_QUERY_ROOT, null] : apiQueryKey(path),
      queryFn: () => read<TData>(api, path ?? '', options.requireData ?? false),
      enabled,
      ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
      ...(options.select ? { select: options.select } : {}),
      ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    },
    queryClient,
  );
  const { refetch: queryRefetch } = query;
  const refetch = useCallback(() => {
    if (enabled) void queryRefetch();
  }, [enabled, queryRefetch]);

  let status: ApiQueryStatus;
  if (!enabled && query.data === undefined) status = 'idle';
  else if (query.status === 'success') status = 'success';
  else if (query.status === 'error' && query.fetchStatus !== 'fetching') status = 'error';
  else status = 'loading';

  const failed = status === 'error' ? query.error : null;
  return {
    status,
    data: query.data,
    error: failed ? describe(failed) : null,
    code: failed instanceof ApiError ? failed.code : failed ? 500 : null,
    isFetching: query.isFetching,
    refetch,
  };
}

/** One write: POST or PUT of `body` to `path`, or DELETE of `path`. */
export interface ApiWrite {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface ApiMutationOptions {
  /** The client to write with; defaults to the `ApiClientContext` one. */
  api?: ApiClient;
  /** Paths whose answers a successful write changes (see `invalidateApiPaths`). */
  invalidates?: readonly string[];
}

export interface ApiMutationState<T> {
  /** Sends the write; resolves (never rejects) to the API result, after which the paths refresh. */
  send: (write: ApiWrite) => Promise<ApiResult<T>>;
  /** True while a write is on its way. */
  busy: boolean;
}

/**
 * Writes through the client and, once the write succeeded, refreshes the answers it changed.
 * The result is the ApiClient's: the caller shows its message or moves on.
 */
export function useApiMutation<T = unknown>(options: ApiMutationOptions = {}): ApiMutationState<T> {
  const api = useResolvedApi<ApiClient>(options.api, useContext(ApiClientContext));
  const queryClient = useApiQueryClient(api);
  const { invalidates } = options;
  const mutation = useMutation<ApiResult<T>, Error, ApiWrite>(
    {
      mutationFn: (write) =>
        write.method === 'DELETE'
          ? api.delete<T>(write.path)
          : write.method === 'PUT'
            ? api.put<T>(write.path, write.body)
            : api.post<T>(write.path, write.body),
      onSuccess: (result) => {
        // Not awaited: the caller shows its success while the changed lists reload.
        if (result.ok && invalidates?.length) void invalidateApiPaths(queryClient, invalidates);
      },
    },
    queryClient,
  );
  const { mutateAsync } = mutation;
  return { send: mutateAsync, busy: mutation.isPending };
}
