import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient, ApiResult, ServiceDefinition } from '../engine/core';
import { createApiQueryClient } from '../engine/react';
import { ApiProviders } from './backend/api-providers';
import { ApiQueryProvider } from './api-query-provider';
import { RouteTable } from './routes';
import { DefinitionsContext, staticDefinitions } from './definitions-context';
import { PortalThemeProvider } from './theme-provider';
import { loadAllTexts } from './i18n';

// Component tests render any page directly: every page's texts are there from the start.
await loadAllTexts();

type Handler = (body: unknown) => ApiResult<unknown> | Promise<ApiResult<unknown>>;

/** A recorded call of the fake API (an upload is recorded as UPLOAD with its form). */
export interface FakeCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'UPLOAD';
  path: string;
  body?: unknown;
}

/**
 * A fake ApiClient: handlers keyed by "METHOD path" answer; anything else fails with 404.
 * `calls` records every request for assertions.
 */
export function fakeApi(handlers: Record<string, Handler>): ApiClient & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const answer = async (method: FakeCall['method'], path: string, body?: unknown) => {
    calls.push({ method, path, body });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return { ok: false as const, code: 404, error: `no fake for ${method} ${path}` };
    return handler(body);
  };
  return {
    calls,
    baseUrl: '/api/',
    get: <T,>(path: string) => answer('GET', path) as Promise<ApiResult<T>>,
    post: <T,>(path: string, body?: unknown) => answer('POST', path, body) as Promise<ApiResult<T>>,
    put: <T,>(path: string, body?: unknown) => answer('PUT', path, body) as Promise<ApiResult<T>>,
    delete: <T,>(path: string) => answer('DELETE', path) as Promise<ApiResult<T>>,
    upload: <T,>(path: string, form: FormData) => answer('UPLOAD', path, form) as Promise<ApiResult<T>>,
    url: (path: string) => `/api/${path}`,
  };
}

/**
 * A service that opens the recycled reports, as the plastics authorisation does (its `unlocks`):
 * the portal finds the reports' page and their check through it.
 */
export const recycledOpener = {
  id: 1,
  key: 'plastics',
  title: 'Authorization for the use of Plastics',
  routes: { info: '/auth-plastics', apply: '/auth-plastics-apply', view: '/view-application' },
  unlocks: [
    {
      feature: 'recycled-reports',
      route: '/plastics-recycled',
      check: {
        path: 'application/check-plastic-bags-authorization/{clientId}',
        answer: 'has_submitted_auth_plastic_bag',
      },
    },
  ],
} as unknown as ServiceDefinition;

export const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, code: 200, data });
export const fail = (error: string, code = 400): ApiResult<never> => ({ ok: false, code, error });

/** Options of `renderRoutes` and `renderPage`. */
export interface RenderOptions {
  api?: ApiClient;
  at?: string;
  definitions?: ServiceDefinition[];
  /** Earlier versions of those definitions, kept for the applications submitted under them. */
  archived?: ServiceDefinition[];
  /** The cache of API answers; a new one per render unless given (to look into it). */
  queryClient?: QueryClient;
}

/** Where the page is, as a test reads it. */
export interface TestLocation {
  pathname: string;
  search: string;
  /** The history entry's state (what RequireAuth hands to /login). */
  state: unknown;
}

/** The router of a render, seen from a test: where it is, and a way to go elsewhere. */
export interface TestRouter {
  location(): TestLocation;
  navigate(to: string): Promise<void>;
}

/**
 * Renders a route table at `at` (default /) with the portal's providers, on React Router in memory.
 * The test's router reads where the page is and moves it through the router itself.
 */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createApiQueryClient();
  let current: TestLocation = { pathname: '/', search: '', state: null };
  let go: (to: string) => void = () => undefined;
  function Spy() {
    const location = useLocation();
    current = { pathname: location.pathname, search: location.search, state: location.state as unknown };
    go = useNavigate();
    return null;
  }
  const view = render(
    <PortalThemeProvider>
      <ApiProviders api={options.api ?? fakeApi({})}>
        <ApiQueryProvider client={queryClient}>
          <DefinitionsContext.Provider value={staticDefinitions(options.definitions ?? [], [], options.archived ?? [])}>
            <MemoryRouter initialEntries={[options.at ?? '/']}>
              <Spy />
              <RouteTable routes={routes} />
            </MemoryRouter>
          </DefinitionsContext.Provider>
        </ApiQueryProvider>
      </ApiProviders>
    </PortalThemeProvider>,
  );
  const testRouter: TestRouter = {
    location: () => current,
    navigate: async (to) => go(to),
  };
  return { ...view, router: testRouter, queryClient };
}

/** Renders one element at `at` (default /). */
export function renderPage(element: ReactElement, options: RenderOptions = {}) {
  const path = (options.at ?? '/').split('?')[0] ?? '/';
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    options,
  );
}
