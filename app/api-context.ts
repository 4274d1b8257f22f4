/**
 * The portal's API client in context: the engine's `ApiClientContext`, so the portal's pages and
 * the engine's hooks (`useApiQuery`) read the same client. Tests provide a fake one.
 */
export { ApiClientContext as ApiContext, useApiClient as useApi } from '../engine/react';
