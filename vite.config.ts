import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

// The plugins run engine/core's TypeScript (extensionless imports, JSON modules): loaded through tsx,
// since Vite's config bundler flags those as unsupported by its coming native config loader.
const { servicesPlugin } = (await tsImport(
  './scripts/vite-plugin-services.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-services');
const { muiWithoutCssVarsPlugin } = (await tsImport(
  './scripts/vite-plugin-mui-without-css-vars.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-mui-without-css-vars');
const { precompressPlugin } = (await tsImport(
  './scripts/vite-plugin-precompress.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-precompress');

/**
 * The portal runs on Preact's React-compatible layer: React DOM alone is 63 KB (gzip) of the 100 KB
 * a public page may send, Preact with its compat layer 8 KB. The code and the libraries are written
 * against React's API; these aliases swap the implementation in the portal Vite serves and builds.
 * Component tests (jsdom) run on React, whose test tooling loads react-dom itself; the browser tests
 * drive the built portal, so every service is proved on Preact there.
 */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(?:dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * RJSF's markdown parser (31 KB gzip) renders nothing but its own few marked texts here: the
 * definitions may not turn markdown on (load-definitions refuses it), so engine/react/inline-markdown
 * stands in for it. Component tests run the real one.
 */
const MARKDOWN_ALIAS = {
  find: /^markdown-to-jsx\/react$/,
  replacement: fileURLToPath(new URL('./engine/react/inline-markdown.tsx', import.meta.url)),
};

// The portal is built from app/index.html. The service definitions and their form validators come
// from servicesPlugin, made in Node from services/ (the page compiles no schema: its CSP forbids
// eval); editing a service reloads the page in `npm run dev`.
export default defineConfig({
  root: 'app',
  publicDir: false,
  envDir: '..',
  // React's fast refresh does not drive Preact: an edit in `npm run dev` reloads the page instead.
  plugins: [
    react({ refreshExclude: /./ }),
    muiWithoutCssVarsPlugin(),
    // SERVICES_DIR: the definitions of another folder, as the server's setting of the same name.
    servicesPlugin(process.env.SERVICES_DIR ? { servicesDir: process.env.SERVICES_DIR } : {}),
    precompressPlugin(),
  ],
  resolve: { alias: [...PREACT_ALIASES, MARKDOWN_ALIAS] },
  server: {
    fs: { allow: ['..'] },
    // '/api/', not '/api': the portal's own modules /api.ts and /api-context.tsx are not the API.
    proxy: { '/api/': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`, changeOrigin: false } },
  },
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});
