/**
 * The ApiClient of whatever hosts the engine (the portal provides its client; tests a fake one),
 * for the engine's and the portal's data hooks. Components given an `api` prop use that instead.
 */
import { createContext, useContext } from 'react';
import type { ApiClient } from '../core/api-client';

export const ApiClientContext = createContext<ApiClient | null>(null);

/** The ApiClient of the nearest `ApiClientContext`; throws when there is none (a wiring mistake). */
export function useApiClient(): ApiClient {
  const api = useContext(ApiClientContext);
  if (!api) throw new Error('ApiClientContext is missing: wrap the page in <ApiClientContext.Provider>.');
  return api;
}
