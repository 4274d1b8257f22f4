/**
 * Bench piece: builds the portal into a temporary folder and measures the JS each page needs, gzip
 * (the budgets' measure: the build's gzip twins), with brotli beside it (what the server sends a
 * browser that accepts it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageSize, readManifest, sentSize, type PageChunks } from '../bundle-size';
import { figure, type BenchPiece, type FigureId } from './figures';

const KB = 1024;

/** The pages measured and the chunks each loads (sources as in the manifest; see bundle-size.ts). */
export const PAGES: Array<{ id: FigureId; chunks: PageChunks }> = [
  { id: 'landing_js_kb', chunks: { load: ['pages/landing-page.tsx'] } },
  { id: 'login_js_kb', chunks: { load: ['pages/login-page.tsx'] } },
  { id: 'register_js_kb', chunks: { load: ['pages/register-page.tsx'] } },
  { id: 'dashboard_js_kb', chunks: { load: ['layout/signed-in-frame.tsx', 'dashboard-page'] } },
  {
    id: 'wizard_chunk_kb',
    chunks: {
      load: [
        'layout/signed-in-frame.tsx',
        'pages/service-route-page.tsx',
        'pages/service-application-page.tsx',
        'validators-environmental-audit-en',
      ],
      beyond: ['layout/signed-in-frame.tsx', 'dashboard-page'],
    },
  },
];

/** Builds the portal (production, with its manifest) into a new temporary folder and answers it. */
export function buildPortal(root: string): string {
  const out = mkdtempSync(join(tmpdir(), 'ecopermit-bench-dist-'));
  const build = spawnSync(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--manifest', '--outDir', out, '--logLevel', 'error'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('the portal build failed');
  return out;
}

export function bundlesPiece(dist: () => string): BenchPiece {
  return {
    name: 'bundle sizes',
    ids: PAGES.map((page) => page.id),
    async run() {
      const dir = dist();
      const manifest = readManifest(dir);
      const gz = sentSize(dir, 'gz');
      const br = sentSize(dir, 'br');
      return PAGES.map(({ id, chunks }) =>
        figure(
          id,
          Number((pageSize(manifest, chunks, gz) / KB).toFixed(1)),
          `brotli ${(pageSize(manifest, chunks, br) / KB).toFixed(1)} KB`,
        ),
      );
    },
  };
}
