import type { ApiClient } from '../engine/core';
import { deferredApiClient } from './backend/deferred-api-client';
import type { ApiClientOptions } from './backend/ky-api-client';
import { clearStoredUser, getStoredToken } from './auth/user-store';
import i18n from './i18n';

/** The API base: one setting points the portal at the reference server or the authority's API. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api/';

/**
 * Creates the portal's API client: bearer token from the stored user, `Accept-Language` from the
 * interface language (the one whose texts show), uploads over XMLHttpRequest for their progress. A 401 on an
 * authenticated call (uploads included) means the server ended the session (expired, revoked): the
 * user is signed out with that reason, and the protected page sends them to /login remembering where
 * they were (RequireAuth), where the login page explains why. `overrides` serve tests.
 *
 * The client's transport (ky, retries, the uploader) loads with the first call, so the public pages'
 * first download does without it (backend/deferred-api-client.ts).
 */
export function createAppApi(overrides: Partial<ApiClientOptions> = {}): ApiClient {
  return deferredApiClient(overrides.baseUrl ?? API_BASE, async () => {
    const [{ createApiClient }, { xhrUploader }] = await Promise.all([
      import('./backend/ky-api-client'),
      import('./backend/xhr-uploader'),
    ]);
    return createApiClient({
      baseUrl: API_BASE,
      getToken: getStoredToken,
      getLanguage: () => i18n.resolvedLanguage,
      onUnauthorized: () => clearStoredUser('expired'),
      uploader: xhrUploader(),
      ...overrides,
    });
  });
}
