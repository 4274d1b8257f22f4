import { createContext, useContext } from 'react';
import type { ApiClient } from '../engine/core/api-client';

/** The API client of the portal; tests provide a fake one. */
export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('ApiContext is missing: wrap the portal in <ApiContext.Provider>.');
  return api;
}
