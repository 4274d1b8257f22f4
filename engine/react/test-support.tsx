/**
 * Helpers for the engine's component tests: a scripted fake ApiClient and a wrapper with the test
 * i18n instance and Ajv's runtime validators (tests run in Node, where compiling schemas is fine).
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { JsonSchema } from '../core/definition-types';
import type { FormData } from './form-context';
import { ServiceForm } from './service-form';
import type { ApiClient, ApiResult } from '../core/api-client';
import type { BackendCall, EngineBackend } from '../core/backend-port';
import { testBackend, type TestBackendScript } from '../core/test-backend';
import { BackendContext } from './backend-context';
import { testI18n } from './i18n/test-i18n';
import { TranslatorProvider } from './translation';
import { runtimeValidators } from './runtime-validators';
import { ServiceValidatorsContext } from './validator';

export type Route = (path: string, body?: unknown) => ApiResult<unknown> | Promise<ApiResult<unknown>>;

export const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, code: 200, data });
export const fail = (error: string, code = 422): ApiResult<never> => ({ ok: false, code, error });

/**
 * A fake ApiClient answering from `routes` keyed by "METHOD path" (uploads: "UPLOAD path", given
 * the form); unknown calls answer 404.
 */
export function fakeApi(routes: Record<string, Route | ApiResult<unknown>>) {
  const answer = async (method: string, path: string, body?: unknown): Promise<ApiResult<unknown>> => {
    const route = routes[`${method} ${path}`];
    if (route === undefined) return fail(`no route ${method} ${path}`, 404);
    return typeof route === 'function' ? route(path, body) : route;
  };
  const api = {
    baseUrl: '/api/',
    get: vi.fn((path: string) => answer('GET', path)),
    post: vi.fn((path: string, body?: unknown) => answer('POST', path, body)),
    put: vi.fn((path: string, body?: unknown) => answer('PUT', path, body)),
    delete: vi.fn((path: string) => answer('DELETE', path)),
    upload: vi.fn((path: string, form: FormData) => answer('UPLOAD', path, form)),
    url: (path: string) => `/api/${path}`,
  };
  return api as typeof api & ApiClient;
}

/** The operations of a backend a test spies on. */
type Spied<B> = {
  [K in keyof B]: B[K] extends (...args: infer A) => infer R
    ? B[K] & ReturnType<typeof vi.fn<(...args: A) => R>>
    : B[K];
};

/**
 * What a fake backend answers, by key: `read <source>` (a read: `attachments:99`, `application:41`,
 * a lookup's source), `send <path>` (a definition's call, given its path and body), or an operation's
 * name (`createDraft`, `saveDraft` given the id and the draft, `removeDraftFile`, `answerDecision`
 * given the answer); anything else succeeds, an unknown read answers 404.
 */
export type BackendRoutes = Record<string, Route | ApiResult<unknown>>;

/**
 * The in-memory backend of engine/core/test-backend.ts with every operation a spy (`backend.send`
 * records its calls), answering from `routes`.
 */
export function fakeBackend(routes: BackendRoutes = {}) {
  const reads: Record<string, unknown> = {};
  const send: Record<string, unknown> = {};
  const script: Record<string, unknown> = { reads, send };
  for (const [key, route] of Object.entries(routes)) {
    const call = (...args: unknown[]) => (typeof route === 'function' ? route(...(args as [string, unknown?])) : route);
    if (key.startsWith('read ')) reads[key.slice(5)] = call;
    else if (key.startsWith('send ')) send[key.slice(5)] = (request: BackendCall) => call(request.path, request.body);
    else if (key === 'saveDraft') script.saveDraft = (id: number | string, draft: unknown) => call(String(id), draft);
    else script[key] = call;
  }
  const backend = testBackend(script as TestBackendScript);
  const spied: Record<string, unknown> = { ...backend };
  for (const [name, value] of Object.entries(backend))
    if (typeof value === 'function') spied[name] = vi.fn(value as (...args: unknown[]) => unknown);
  return spied as Spied<EngineBackend> & { log: string[] };
}

/** The bodies `backend` sent to a definition's call `path`, in order. */
export function sentTo(backend: ReturnType<typeof fakeBackend>, path: string): unknown[] {
  return backend.send.mock.calls.filter(([call]) => call.path === path).map(([call]) => call.body);
}

/** The test i18n instance and the runtime validators (and the backend, when given) around `children`. */
export function WithI18n({ children, backend }: { children: ReactNode; backend?: EngineBackend }) {
  const inner = (
    <TranslatorProvider translator={testI18n}>
      <ServiceValidatorsContext.Provider value={runtimeValidators}>{children}</ServiceValidatorsContext.Provider>
    </TranslatorProvider>
  );
  return backend ? <BackendContext.Provider value={backend}>{inner}</BackendContext.Provider> : inner;
}

/**
 * Renders a service form of `formSchema` and `uiSchema` (with the test i18n and validators); `read`
 * answers the form's latest data.
 */
export function renderServiceForm(
  formSchema: JsonSchema,
  uiSchema: Record<string, unknown> = {},
  initialData?: FormData,
) {
  let data: FormData = initialData ?? {};
  const view = render(
    <WithI18n>
      <ServiceForm
        definition={{ key: 'test-form', formSchema, uiSchema }}
        api={fakeApi({})}
        clientId={1}
        initialData={initialData}
        onChange={(next) => {
          data = next;
        }}
      />
    </WithI18n>,
  );
  return { read: () => data, container: view.container };
}
