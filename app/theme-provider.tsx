import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/system';
import CssBaseline from '@mui/material/CssBaseline';
import { theme } from './theme';

/**
 * The portal's theme and MUI's baseline styles, for every page. The theme uses no CSS variables
 * (neither `cssVariables` nor `colorSchemes`), and for such a theme @mui/material's ThemeProvider
 * renders @mui/system's, which is used here directly: the material one also brings the CSS-variables
 * provider and its colour-scheme storage for themes that use them, about 3 KB gzip of every page.
 */
export function PortalThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
