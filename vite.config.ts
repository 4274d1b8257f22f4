import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The portal is built from app/index.html; service definitions under services/ are imported as JSON,
// so editing one reloads the wizard in `npm run dev`.
export default defineConfig({
  root: 'app',
  publicDir: false,
  envDir: '..',
  plugins: [react()],
  server: {
    fs: { allow: ['..'] },
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`, changeOrigin: false } },
  },
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});
