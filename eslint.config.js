// Lint: strict TypeScript rules plus the one-way layering of ARCHITECTURE.md
// (schemas -> engine/core -> engine/react -> app; server uses schemas + engine/core).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';

// The browser's packages, read from package.json so the list follows the dependencies: React and
// what is written for it (react-*, *-react, MUI, Emotion, RJSF's React parts), deep imports included.
const { dependencies = {}, devDependencies = {} } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
);
const reactPackages = Object.keys({ ...dependencies, ...devDependencies })
  .filter((name) => /(^|[/-])react($|-)|^@(mui|emotion)\/|^@rjsf\/(core|mui)$/.test(name))
  .flatMap((name) => [name, `${name}/*`]);

/** engine/core and the server stay free of React, MUI and RJSF React packages. */
const noReact = (who) => ({
  group: reactPackages,
  message: `${who} stays free of React, MUI and RJSF React packages.`,
});

// The engine's public surface: the portal and the server import engine/core, engine/core/node (Node
// only) and engine/react, never a module behind them (tests may). Dynamic import() of a module is a
// split point and stays allowed (app/api.ts).
const engineSurface = [
  {
    group: ['**/engine/core/*', '!**/engine/core/node'],
    message: "Import the engine's core from its public surface, engine/core (engine/core/index.ts).",
  },
  {
    group: ['**/engine/core/node/*'],
    message: "Import the engine's Node readers from engine/core/node (engine/core/node/index.ts).",
  },
  {
    group: ['**/engine/react/*'],
    message: "Import the engine's React layer from its public surface, engine/react (engine/react/index.ts).",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{mjs,js}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.json'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Import cycles are found by tests/unit/import-cycles.test.ts (at any length, in a second).
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './engine/core',
              from: './engine/react',
              message: 'engine/core is pure: it cannot import engine/react.',
            },
            { target: './engine/core', from: './app', message: 'engine/core cannot import the portal.' },
            { target: './engine/core', from: './server', message: 'engine/core cannot import the server.' },
            { target: './engine/react', from: './app', message: 'engine/react cannot import the portal.' },
            { target: './engine/react', from: './server', message: 'engine/react cannot import the server.' },
            { target: './server', from: './engine/react', message: 'the server uses engine/core only.' },
            { target: './server', from: './app', message: 'the server cannot import the portal.' },
            { target: './app', from: './server', message: 'the portal talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['engine/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noReact('engine/core')] }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: engineSurface }] },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noReact('the server'), ...engineSurface] }] },
  },
  {
    files: ['server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noReact('the server')] }] },
  },
);
