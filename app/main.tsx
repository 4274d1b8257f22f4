import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { i18nReady } from './i18n';
import { ApiContext } from './api-context';
import { createAppApi } from './api';
import { RouteTable } from './routes';
import { PortalThemeProvider } from './theme-provider';

// A 401 signs out (inside createAppApi); RequireAuth then sends the user to /login, origin remembered.
const api = createAppApi();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
/** A new task: the page's first render runs apart from the evaluation of its code, so neither blocks input long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The first render waits for the stored language's catalogue, so no English text flashes first.
void i18nReady.finally(nextTask).finally(() =>
  root.render(
    <StrictMode>
      <PortalThemeProvider>
        <ApiContext.Provider value={api}>
          <BrowserRouter>
            <RouteTable />
          </BrowserRouter>
        </ApiContext.Provider>
      </PortalThemeProvider>
    </StrictMode>,
  ),
);
