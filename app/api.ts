import { createApiClient, type ApiClient } from '../engine/core/api-client';
import { clearStoredUser, getStoredToken } from './auth/user-store';

/** The API base: one setting points the portal at the reference server or the authority's API. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api/';

/**
 * Creates the portal's API client: bearer token from the stored user; a 401 on an authenticated call
 * signs out and goes to /login (the `goToLogin` callback lets the router navigate without a reload).
 */
export function createAppApi(goToLogin: () => void): ApiClient {
  return createApiClient({
    baseUrl: API_BASE,
    getToken: getStoredToken,
    onUnauthorized: () => {
      clearStoredUser();
      goToLogin();
    },
  });
}
