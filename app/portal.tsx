import { StrictMode, type ReactNode } from 'react';
import type { ApiClient } from '../engine/core';
import { ApiContext } from './api-context';
import { RouteTable } from './routes';
import { PortalThemeProvider } from './theme-provider';

/**
 * What every page of the portal sits in: the theme and the API client. The engine's backend over it
 * comes with the signed-in frame (and the studio), the only pages that use it, so the public pages'
 * first download carries none of it.
 */
export function PortalProviders({ api, children }: { api: ApiClient; children: ReactNode }) {
  return (
    <StrictMode>
      <PortalThemeProvider>
        <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
      </PortalThemeProvider>
    </StrictMode>
  );
}

/**
 * The portal as a tree, under the router it is given: the browser's (main.tsx) or the one of a fixed
 * address (the build's prerender, prerender.tsx). Both draw the same tree, which is what lets the
 * browser hydrate the HTML the build wrote.
 */
export function Portal({
  api,
  router: Router,
}: {
  api: ApiClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <PortalProviders api={api}>
      <Router>
        <RouteTable />
      </Router>
    </PortalProviders>
  );
}
