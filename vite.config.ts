import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

// The plugins run engine/core's TypeScript (extensionless imports, JSON modules): loaded through tsx,
// since Vite's config bundler flags those as unsupported by its coming native config loader.
const { servicesPlugin } = (await tsImport(
  './scripts/vite-plugin-services.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-services');
const { pageChunksPlugin } = (await tsImport(
  './scripts/vite-plugin-page-chunks.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-page-chunks');
const { prerenderPlugin } = (await tsImport(
  './scripts/vite-plugin-prerender.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-prerender');
const { compressionEffort, precompressPlugin } = (await tsImport(
  './scripts/vite-plugin-precompress.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-precompress');

const { quietTypingSetting } = (await tsImport(
  './app/quiet-typing-setting.ts',
  import.meta.url,
)) as typeof import('./app/quiet-typing-setting');
// VITE_QUIET_TYPING, baked into the page: a wrong value stops the build with a message naming it.
quietTypingSetting(process.env.VITE_QUIET_TYPING);

// PORTAL_COMPRESSION=fast: the quick twins of a build only tests read (scripts/build-portal.mjs).
const compression = compressionEffort(process.env.PORTAL_COMPRESSION);

const app = (path: string) => fileURLToPath(new URL(`./app/${path}`, import.meta.url));

/**
 * The pages whose shared code makes one chunk per group (see the plugin): what every public page
 * needs, what the account forms (sign in, register, reset) need besides, then what every signed-in
 * page needs besides, then the dashboard's own parts (the first page after signing in: its cards,
 * table, chips and the query layer in one chunk instead of some fifteen).
 */
const PAGE_GROUPS = [
  {
    name: 'public',
    pages: ['landing-page', 'login-page', 'register-page', 'forgot-password-page'].map((page) =>
      app(`pages/${page}.tsx`),
    ),
  },
  {
    name: 'account-forms',
    pages: ['login-page', 'register-page', 'forgot-password-page'].map((page) => app(`pages/${page}.tsx`)),
  },
  // Registration's own parts (its step flow and progress) in one chunk rather than three small ones.
  { name: 'register-parts', pages: [app('pages/register-page.tsx')], ownParts: true },
  {
    name: 'signed-in',
    pages: [
      'layout/signed-in-frame.tsx',
      'pages/dashboard-page.tsx',
      'pages/services-page.tsx',
      'companies/companies-page.tsx',
      'pages/profile-page.tsx',
      'pages/service-route-page.tsx',
    ].map(app),
  },
  { name: 'dashboard-parts', pages: [app('pages/dashboard-page.tsx')], ownParts: true },
];

// The portal is built from app/index.html, on React, React DOM and React Router as published: no
// module of a library is swapped for another. The service definitions and their form validators
// come from servicesPlugin, made in Node from services/ (the page compiles no schema: its CSP
// forbids eval); editing a service reloads the page in `npm run dev`.
export default defineConfig({
  root: 'app',
  // app/public: the favicon, served at /favicon.ico and /favicon.svg as browsers ask for them.
  publicDir: 'public',
  envDir: '..',
  plugins: [
    react(),
    // SERVICES_DIR: the definitions of another folder, as the server's setting of the same name.
    servicesPlugin(process.env.SERVICES_DIR ? { servicesDir: process.env.SERVICES_DIR } : {}),
    pageChunksPlugin(PAGE_GROUPS, app('main.tsx')),
    precompressPlugin(compression),
    prerenderPlugin(compression),
  ],
  server: {
    fs: { allow: ['..'] },
    // '/api/', not '/api': the portal's own modules /api.ts and /api-context.tsx are not the API.
    proxy: { '/api/': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`, changeOrigin: false } },
  },
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});
