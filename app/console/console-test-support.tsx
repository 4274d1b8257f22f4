/**
 * What the console's tests share: a fake staff API answering by "METHOD path" (the path with its
 * query, or without it), recording every call; a session; and the console's routes around a page.
 */
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { ServiceDefinition } from '../../engine/core';
import { renderRoutes } from '../test-utils';
import { ConsoleGate } from './console-gate';
import type { StaffSession } from './console-types';
import { StaffApiContext, type StaffApi, type StaffResult } from './staff-api';

type Handler = (body: unknown) => StaffResult<unknown> | Promise<StaffResult<unknown>>;

export interface StaffCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body: unknown;
  csrfToken?: string;
}

export const answer = <T,>(data: T): StaffResult<T> => ({ ok: true, code: 200, data });
export const refusal = (
  code: number,
  error: string,
  fields: Array<{ field: string; message: string }> = [],
): StaffResult<never> => ({
  ok: false,
  code,
  error,
  fields,
});

export function fakeStaffApi(handlers: Record<string, Handler>): StaffApi & { calls: StaffCall[] } {
  const calls: StaffCall[] = [];
  const reply = async (method: StaffCall['method'], path: string, body: unknown) => {
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.split('?')[0]}`];
    if (!handler) return refusal(404, `no fake for ${method} ${path}`);
    return handler(body);
  };
  return {
    calls,
    url: (path) => `/api/${path}`,
    get: <T,>(path: string) => {
      calls.push({ method: 'GET', path, body: undefined });
      return reply('GET', path, undefined) as Promise<StaffResult<T>>;
    },
    post: <T,>(path: string, body: unknown, csrfToken: string) => {
      calls.push({ method: 'POST', path, body, csrfToken });
      return reply('POST', path, body) as Promise<StaffResult<T>>;
    },
    put: <T,>(path: string, body: unknown, csrfToken: string) => {
      calls.push({ method: 'PUT', path, body, csrfToken });
      return reply('PUT', path, body) as Promise<StaffResult<T>>;
    },
  };
}

export const SESSION: StaffSession = {
  name: 'Grace Mukamana',
  grants: [{ service: '*', role: 'reviewer' }],
  csrfToken: 'csrf-123',
};

/** A service as the console reads it: its key, title and statuses. */
export const ALPHA = {
  id: 11,
  key: 'alpha',
  title: 'Alpha permit',
  lifecycle: {
    allStatuses: [
      { key: 'submitted', id: 2 },
      { key: 'under-review', id: 3 },
    ],
    statuses: [],
    transitions: [],
  },
} as unknown as ServiceDefinition;

export const BETA = { ...ALPHA, id: 12, key: 'beta', title: 'Beta licence' } as unknown as ServiceDefinition;

/** Renders the console's routes (its gate, with `page` at `path`) at `at`. */
export function renderConsole(
  api: StaffApi,
  page: ReactElement,
  options: { path: string; at: string; definitions?: ServiceDefinition[] },
) {
  const routes: RouteObject[] = [
    {
      element: (
        <StaffApiContext.Provider value={api}>
          <ConsoleGate />
        </StaffApiContext.Provider>
      ),
      children: [
        { path: options.path, element: page },
        { path: '/console/applications/:id', element: <p>review page</p> },
      ],
    },
  ];
  return renderRoutes(routes, { at: options.at, definitions: options.definitions ?? [ALPHA, BETA] });
}
