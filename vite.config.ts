import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';

// The plugins run engine/core's TypeScript (extensionless imports, JSON modules): loaded through tsx,
// since Vite's config bundler flags those as unsupported by its coming native config loader.
const { servicesPlugin } = (await tsImport(
  './scripts/vite-plugin-services.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-services');
const { precompressPlugin } = (await tsImport(
  './scripts/vite-plugin-precompress.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-precompress');

// The portal is built from app/index.html, on React, React DOM and React Router as published: no
// module of a library is swapped for another. The service definitions and their form validators
// come from servicesPlugin, made in Node from services/ (the page compiles no schema: its CSP
// forbids eval); editing a service reloads the page in `npm run dev`.
export default defineConfig({
  root: 'app',
  publicDir: false,
  envDir: '..',
  plugins: [
    react(),
    // SERVICES_DIR: the definitions of another folder, as the server's setting of the same name.
    servicesPlugin(process.env.SERVICES_DIR ? { servicesDir: process.env.SERVICES_DIR } : {}),
    precompressPlugin(),
  ],
  server: {
    fs: { allow: ['..'] },
    // '/api/', not '/api': the portal's own modules /api.ts and /api-context.tsx are not the API.
    proxy: { '/api/': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`, changeOrigin: false } },
  },
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});
