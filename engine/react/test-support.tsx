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
import { testI18n } from './i18n/test-i18n';
import { TranslatorProvider } from './translation';
import { runtimeValidators } from './runtime-validators';
import { ServiceValidatorsContext } from './validator';

export type Route = (path: string, body?: unknown) => ApiResult<unknown> | Promise<ApiResult<unknown>>;

export const ok = (data: unknown): ApiResult<unknown> => ({ ok: true, code: 200, data });
export const fail = (error: string, code = 422): ApiResult<unknown> => ({ ok: false, code, error });

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

/** The test i18n instance and the runtime validators around `children`. */
export function WithI18n({ children }: { children: ReactNode }) {
  return (
    <TranslatorProvider translator={testI18n}>
      <ServiceValidatorsContext.Provider value={runtimeValidators}>{children}</ServiceValidatorsContext.Provider>
    </TranslatorProvider>
  );
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
