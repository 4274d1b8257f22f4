// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SERVER_ERROR_MESSAGE, TIMEOUT_MESSAGE, type ApiResult } from '../core/api-client';
import { Translator } from '../core/translator';
import { ApiClientContext } from './api-context';
import { fail, fakeApi, ok, WithI18n } from './test-support';
import { TranslatorProvider } from './translation';
import {
  apiQueryKey,
  createApiQueryClient,
  invalidateApiPaths,
  useApiMutation,
  useApiQuery,
  type ApiQueryState,
} from './use-api-query';

afterEach(cleanup);

type Api = ReturnType<typeof fakeApi>;

/** The providers of a host: the client in context and, unless `queryClient` is null, a QueryClient. */
function host(api: Api, queryClient: QueryClient | null = createApiQueryClient()) {
  return function Host({ children }: { children: ReactNode }) {
    const inner = <ApiClientContext.Provider value={api}>{children}</ApiClientContext.Provider>;
    return (
      <WithI18n>
        {queryClient ? <QueryClientProvider client={queryClient}>{inner}</QueryClientProvider> : inner}
      </WithI18n>
    );
  };
}

describe('useApiQuery', () => {
  it('reads a path with the client of the context, once for every component reading it', async () => {
    const api = fakeApi({ 'GET services': ok([{ id: 1 }]) });
    const wrapper = host(api);
    const { result } = renderHook(
      () => ({ a: useApiQuery<Array<{ id: number }>>('services'), b: useApiQuery<Array<{ id: number }>>('/services') }),
      { wrapper },
    );
    expect(result.current.a.status).toBe('loading');
    await waitFor(() => expect(result.current.a.status).toBe('success'));
    expect(result.current.a.data).toEqual([{ id: 1 }]);
    expect(result.current.b.data).toEqual([{ id: 1 }]);
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get).toHaveBeenCalledWith('services');
  });

  it('stays idle without a path, and reads once the path is known', async () => {
    const api = fakeApi({ 'GET districts/2': ok(['Gasabo']) });
    const { result, rerender } = renderHook(({ path }: { path: string | null }) => useApiQuery<string[]>(path), {
      wrapper: host(api),
      initialProps: { path: null as string | null },
    });
    expect(result.current.status).toBe('idle');
    expect(api.get).not.toHaveBeenCalled();
    rerender({ path: 'districts/2' });
    await waitFor(() => expect(result.current.data).toEqual(['Gasabo']));
  });

  it('gives the server message and code of a failure, and loads again on refetch', async () => {
    let release: () => void = () => undefined;
    const second = new Promise<ApiResult<unknown>>((resolve) => (release = () => resolve(ok([{ id: 3 }]))));
    let calls = 0;
    const api = fakeApi({ 'GET companies/7': () => (++calls === 1 ? fail('Forbidden', 403) : second) });
    const { result } = renderHook(() => useApiQuery<unknown[]>('companies/7'), { wrapper: host(api) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current).toMatchObject({ error: 'Forbidden', code: 403, data: undefined });
    act(() => result.current.refetch());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current).toMatchObject({ error: null, code: null, data: [{ id: 3 }] });
  });

  it("translates the client's own failures, not the server's", async () => {
    const german = new Translator({
      language: 'de',
      fallbackLanguage: 'en',
      catalogues: { de: { api: { serverError: 'Serverfehler', timeout: 'Zeitüberschreitung' } } },
    });
    const api = fakeApi({ 'GET a': fail(SERVER_ERROR_MESSAGE, 500), 'GET b': fail(TIMEOUT_MESSAGE, 408) });
    const queryClient = createApiQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TranslatorProvider translator={german}>
        <QueryClientProvider client={queryClient}>
          <ApiClientContext.Provider value={api}>{children}</ApiClientContext.Provider>
        </QueryClientProvider>
      </TranslatorProvider>
    );
    const { result } = renderHook(() => [useApiQuery('a'), useApiQuery('b')] as const, { wrapper });
    await waitFor(() =>
      expect(result.current.map((q: ApiQueryState<unknown>) => q.error)).toEqual([
        'Serverfehler',
        'Zeitüberschreitung',
      ]),
    );
  });

  it('works without a host QueryClient, each client keeping its own answers', async () => {
    const first = fakeApi({ 'GET areas': ok(['first']) });
    const second = fakeApi({ 'GET areas': ok(['second']) });
    const one = renderHook(() => useApiQuery<string[]>('areas', { api: first }), { wrapper: host(first, null) });
    await waitFor(() => expect(one.result.current.data).toEqual(['first']));
    const two = renderHook(() => useApiQuery<string[]>('areas', { api: second }), { wrapper: host(second, null) });
    await waitFor(() => expect(two.result.current.data).toEqual(['second']));
  });

  it('keeps the previous page while the next one loads when asked to', async () => {
    const api = fakeApi({ 'GET list?page=1': ok(['a']), 'GET list?page=2': () => new Promise(() => undefined) });
    const { result, rerender } = renderHook(
      ({ page }: { page: number }) => useApiQuery<string[]>(`list?page=${page}`, { keepPrevious: true }),
      {
        wrapper: host(api),
        initialProps: { page: 1 },
      },
    );
    await waitFor(() => expect(result.current.data).toEqual(['a']));
    rerender({ page: 2 });
    expect(result.current).toMatchObject({ status: 'success', data: ['a'], isFetching: true });
  });
});

describe('useApiMutation', () => {
  it('writes, then refreshes the paths it changed (query-string variants too); a failure refreshes nothing', async () => {
    let stored = ['Green Ltd'];
    const api = fakeApi({
      'GET companies/7': () => ok(stored),
      'GET clients/applications/7?page=2': ok([]),
      'POST companies': (_path, body) => {
        stored = [...stored, (body as { name: string }).name];
        return ok({ id: 2 });
      },
      'PUT companies/1': fail('Invalid fields: tin'),
    });
    const { result } = renderHook(
      () => ({
        list: useApiQuery<string[]>('companies/7'),
        page: useApiQuery<string[]>('clients/applications/7?page=2'),
        save: useApiMutation<{ id: number }>({ invalidates: ['companies/7', 'clients/applications/7'] }),
      }),
      { wrapper: host(api) },
    );
    await waitFor(() => expect(result.current.list.data).toEqual(['Green Ltd']));
    await waitFor(() => expect(result.current.page.status).toBe('success'));

    let answer: ApiResult<{ id: number }> | undefined;
    await act(async () => {
      answer = await result.current.save.send({ method: 'PUT', path: 'companies/1', body: {} });
    });
    expect(answer).toEqual({ ok: false, code: 422, error: 'Invalid fields: tin' });
    expect(api.get).toHaveBeenCalledTimes(2);

    await act(async () => {
      answer = await result.current.save.send({ method: 'POST', path: 'companies', body: { name: 'Blue Co' } });
    });
    expect(answer).toEqual({ ok: true, code: 200, data: { id: 2 } });
    expect(api.post).toHaveBeenCalledWith('companies', { name: 'Blue Co' });
    await waitFor(() => expect(result.current.list.data).toEqual(['Green Ltd', 'Blue Co']));
    expect(api.get).toHaveBeenCalledTimes(4);
  });

  it('is busy while the write is on its way', async () => {
    let finish: (value: ApiResult<unknown>) => void = () => undefined;
    const api = fakeApi({ 'PUT client/7': () => new Promise<ApiResult<unknown>>((resolve) => (finish = resolve)) });
    const { result } = renderHook(() => useApiMutation(), { wrapper: host(api) });
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.send({ method: 'PUT', path: 'client/7', body: {} });
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => {
      finish(ok(null));
      await pending;
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
  });
});

describe('invalidateApiPaths', () => {
  it('marks exact paths and their query-string variants stale, nothing else', async () => {
    const queryClient = createApiQueryClient();
    for (const path of ['companies/7', 'companies/7?page=2', 'companies/70', 'provinces'])
      queryClient.setQueryData(apiQueryKey(path), []);
    await invalidateApiPaths(queryClient, ['/companies/7']);
    const stale = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[1]);
    expect(stale).toEqual(['companies/7', 'companies/7?page=2']);
  });
});
