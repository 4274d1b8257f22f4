import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { i18nReady } from './i18n';
import { ApiContext } from './api-context';
import { createAppApi } from './api';
import { ApiQueryProvider } from './api-query-provider';
import { createApiQueryClient } from '../engine/react/use-api-query';
import { appRoutes } from './routes';
import { theme } from './theme';

const router = createBrowserRouter(appRoutes);
// A 401 signs out (inside createAppApi); RequireAuth then sends the user to /login, origin remembered.
const api = createAppApi();
// The cache of API answers shared by every page (useApiQuery); emptied when the user changes.
const queryClient = createApiQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
// The first render waits for the stored language's catalogue, so no English text flashes first.
void i18nReady.finally(() =>
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ApiContext.Provider value={api}>
          <ApiQueryProvider client={queryClient}>
            <RouterProvider router={router} />
          </ApiQueryProvider>
        </ApiContext.Provider>
      </ThemeProvider>
    </StrictMode>,
  ),
);
