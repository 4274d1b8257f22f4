import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * The portal theme's options. The primary green (#1b5e20 on white is about 7.9:1) and the secondary teal
 * (#00695c, about 6.1:1) keep text and buttons above the WCAG AA ratio of 4.5:1; focus outlines are
 * drawn explicitly so keyboard users always see where they are.
 */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: '#1b5e20', light: '#4c8c4a', dark: '#003300', contrastText: '#ffffff' },
    secondary: { main: '#00695c', contrastText: '#ffffff' },
    success: { main: '#2e7d32', contrastText: '#ffffff' },
    warning: { main: '#8a5300', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    background: { default: '#f5f7f5', paper: '#ffffff' },
    text: { primary: '#1c1f1c', secondary: '#4a524a' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Long words (German compounds) wrap or hyphenate instead of pushing the page sideways.
    h1: { fontSize: '2.25rem', fontWeight: 700, overflowWrap: 'break-word', hyphens: 'auto' },
    h2: { fontSize: '1.75rem', fontWeight: 700, overflowWrap: 'break-word', hyphens: 'auto' },
    h3: { fontSize: '1.4rem', fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '3px solid #ffb300', outlineOffset: 2 },
        },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
      styleOverrides: {
        root: { '&:focus-visible': { outline: '3px solid #ffb300', outlineOffset: 2 } },
      },
    },
  },
};

/** The portal theme. */
export const theme = createTheme(themeOptions);
