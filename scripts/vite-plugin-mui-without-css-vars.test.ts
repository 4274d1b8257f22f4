import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { themeOptions } from '../app/theme';
import { PLAIN_THEME_MODULES, plainThemeModule } from './vite-plugin-mui-without-css-vars';

const stylesFolder = join(dirname(createRequire(import.meta.url).resolve('@mui/material/styles')));
const inStyles = (name: string) => join(stylesFolder, name);

/** A theme as data: its functions (spacing, breakpoints.up...) are compared by what they answer. */
function asData(theme: Theme) {
  return JSON.parse(
    JSON.stringify({ ...theme, spacing: theme.spacing(1, 2), up: theme.breakpoints.up('md') }),
  ) as unknown;
}

describe('MUI without its CSS variables mode', () => {
  it("points the styles folder's createTheme and ThemeProvider at their plain modules", () => {
    expect(plainThemeModule('./createTheme.mjs', inStyles('index.mjs'))).toBe(inStyles('createThemeNoVars.mjs'));
    expect(plainThemeModule('./ThemeProvider.mjs', inStyles('index.mjs'))).toBe(inStyles('ThemeProviderNoVars.mjs'));
    expect(plainThemeModule('./createTheme.mjs', inStyles('defaultTheme.mjs'))).toBe(inStyles('createThemeNoVars.mjs'));
  });

  it('leaves every other import alone', () => {
    expect(
      plainThemeModule('./ThemeProvider.mjs', '/repo/node_modules/@mui/system/ThemeProvider/index.mjs'),
    ).toBeNull();
    expect(plainThemeModule('./createPalette.mjs', inStyles('createThemeNoVars.mjs'))).toBeNull();
    expect(plainThemeModule('./createTheme.mjs', '/repo/app/theme.ts')).toBeNull();
  });

  it('finds every plain module in the installed MUI', async () => {
    for (const name of Object.values(PLAIN_THEME_MODULES)) {
      const module = (await import(pathToFileURL(inStyles(name)).href)) as { default?: unknown };
      expect(typeof module.default).toBe('function');
    }
  });

  it("gives the portal's theme and MUI's default theme exactly as createTheme does", async () => {
    const { default: createThemeNoVars } = (await import(pathToFileURL(inStyles('createThemeNoVars.mjs')).href)) as {
      default: (options?: ThemeOptions) => Theme;
    };
    expect(asData(createThemeNoVars(themeOptions))).toEqual(asData(createTheme(themeOptions)));
    expect(asData(createThemeNoVars())).toEqual(asData(createTheme()));
  });
});
