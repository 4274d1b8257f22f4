import { createApiClient, type ApiClient } from '../engine/core/api-client';
import { clearStoredUser, getStoredToken } from './auth/user-store';

/** The API base: one setting points the portal at the reference server or the authority's API. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api/';

/**
 * Creates the portal's API client: bearer token from the stored user. A 401 on an authenticated call
 * means the server ended the session (expired, revoked): the user is signed out with that reason, and
 * the protected page sends them to /login remembering where they were (RequireAuth), where the login
 * page explains why.
 */
export function createAppApi(): ApiClient {
  return createApiClient({
    baseUrl: API_BASE,
    getToken: getStoredToken,
    onUnauthorized: () => clearStoredUser('expired'),
  });
}
