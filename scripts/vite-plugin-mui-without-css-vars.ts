/**
 * Vite plugin: MUI's theme without its CSS-variables mode. MUI's `createTheme` and `ThemeProvider`
 * choose at run time between a plain theme and CSS theme variables, so every page carries the
 * variables' machinery (createThemeWithVars, CssVarsProvider, color-scheme storage: about 8 KB gzip)
 * although the portal's theme (`app/theme.ts`) sets neither `cssVariables` nor `colorSchemes`, for
 * which both functions take the plain path. Within MUI's styles folder this points them at that
 * path's own modules: `createTheme` at `createThemeNoVars` (MUI does the same for its default theme
 * since mui/material-ui#48607), `ThemeProvider` at `ThemeProviderNoVars`.
 */
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Module of MUI's styles folder -> the module of its plain path. */
export const PLAIN_THEME_MODULES: Record<string, string> = {
  './createTheme.mjs': 'createThemeNoVars.mjs',
  './ThemeProvider.mjs': 'ThemeProviderNoVars.mjs',
};

const STYLES_FOLDER = `${sep}@mui${sep}material${sep}styles${sep}`;

/** The file a MUI styles module should load instead of `source`, or null to leave it. */
export function plainThemeModule(source: string, importer: string | undefined): string | null {
  const replacement = PLAIN_THEME_MODULES[source];
  if (!replacement || !importer?.includes(STYLES_FOLDER)) return null;
  // The plain modules import nothing of the variables' mode; the substitution must not hide the
  // real one, so an importer that is itself the plain module keeps its own import.
  if (importer.endsWith(`${sep}${replacement}`)) return null;
  const file = join(dirname(importer), replacement);
  if (!existsSync(file)) throw new Error(`MUI has no ${replacement} beside ${importer}: update ${import.meta.url}`);
  return file;
}

export function muiWithoutCssVarsPlugin(): Plugin {
  return {
    name: 'ecopermit-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      return plainThemeModule(source, importer);
    },
  };
}
