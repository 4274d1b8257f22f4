import { StrictMode, type ReactNode } from 'react';
import type { ApiClient } from '../engine/core';
import { ApiProviders } from './backend/api-providers';
import { RouteTable } from './routes';
import { PortalThemeProvider } from './theme-provider';

/** What every page of the portal sits in: the theme, the API client and the engine's backend. */
export function PortalProviders({ api, children }: { api: ApiClient; children: ReactNode }) {
  return (
    <StrictMode>
      <PortalThemeProvider>
        <ApiProviders api={api}>{children}</ApiProviders>
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
