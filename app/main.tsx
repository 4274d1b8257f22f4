import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { i18nReady } from './i18n';
import { ApiContext } from './api-context';
import { createAppApi } from './api';
import { RouteTable } from './routes';
import { theme } from './theme';

// A 401 signs out (inside createAppApi); RequireAuth then sends the user to /login, origin remembered.
const api = createAppApi();

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
          <RouteTable />
        </ApiContext.Provider>
      </ThemeProvider>
    </StrictMode>,
  ),
);
