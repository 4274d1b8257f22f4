import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { navigate } from 'wouter/use-browser-location';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient, ApiResult } from '../engine/core/api-client';
import type { ServiceDefinition } from '../engine/core/definition-types';
import { createApiQueryClient } from '../engine/react/use-api-query';
import { ApiContext } from './api-context';
import { ApiQueryProvider } from './api-query-provider';
import { DefinitionsContext, staticDefinitions } from './definitions-context';
import { RouteTable, type PortalRoute } from './routes';
import { theme } from './theme';
import './i18n';

type Handler = (body: unknown) => ApiResult<unknown> | Promise<ApiResult<unknown>>;

/** A recorded call of the fake API (an upload is recorded as UPLOAD with its form). */
export interface FakeCall {
  method: 'GET' | 'POST' | 'PUT' | 'UPLOAD';
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
 * The router of the tests is the portal's own: wouter over the history of jsdom's window, which
 * each render starts at `at`.
 */
const testRouter: TestRouter = {
  location: () => ({ pathname: window.location.pathname, search: window.location.search, state: window.history.state }),
  navigate: async (to) => navigate(to),
};

/** Renders a route table at `at` (default /) with the portal's providers. */
export function renderRoutes(routes: PortalRoute[], options: RenderOptions = {}) {
  window.history.replaceState(null, '', options.at ?? '/');
  const queryClient = options.queryClient ?? createApiQueryClient();
  const view = render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ApiContext.Provider value={options.api ?? fakeApi({})}>
        <ApiQueryProvider client={queryClient}>
          <DefinitionsContext.Provider value={staticDefinitions(options.definitions ?? [], [], options.archived ?? [])}>
            <RouteTable routes={routes} />
          </DefinitionsContext.Provider>
        </ApiQueryProvider>
      </ApiContext.Provider>
    </ThemeProvider>,
  );
  return { ...view, router: testRouter, queryClient };
}

/** Renders one element at `at` (default /). */
export function renderPage(element: ReactElement, options: RenderOptions = {}) {
  const path = (options.at ?? '/').split('?')[0] ?? '/';
  return renderRoutes([{ path, element }, { element: <p>elsewhere</p> }], options);
}
