/**
 * The portal's API client in context, and the engine's backend over it: the portal's pages read with
 * the client, the engine's wizard through its backend, and both share the query cache. Provided by
 * the signed-in frame and the studio, the pages that draw the wizard or an application; the portal's
 * root provides the client alone (portal.tsx).
 */
import { useMemo, type ReactNode } from 'react';
import type { ApiClient } from '../../engine/core';
import { BackendContext } from '../../engine/react';
import { ApiContext } from '../api-context';
import { getStoredToken } from '../auth/user-store';
import { createHttpBackend } from './http-backend';

export function ApiProviders({
  api,
  getToken = getStoredToken,
  children,
}: {
  api: ApiClient;
  /** The bearer token of downloads fetched outside the client; the signed-in applicant's by default. */
  getToken?: () => string | null | undefined;
  children: ReactNode;
}) {
  const backend = useMemo(() => createHttpBackend(api, { getToken }), [api, getToken]);
  return (
    <ApiContext.Provider value={api}>
      <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>
    </ApiContext.Provider>
  );
}
