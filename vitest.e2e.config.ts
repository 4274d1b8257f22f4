import { defineConfig } from 'vitest/config';
import { tsImport } from 'tsx/esm/api';

// Loaded through tsx, as vitest.config.ts loads its plugin: Vite's config loader flags extensionless imports.
const { OwnPortalFirst } = (await tsImport(
  './scripts/own-portal-first.ts',
  import.meta.url,
)) as typeof import('./scripts/own-portal-first');

// Browser end-to-end tests: Debian's Chromium driven by playwright-core against the real server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120000,
    // expect.poll waits as long as a page step (PATIENCE_MS in harness.ts), not Vitest's one second:
    // a busy machine must not fail a wait whose condition comes true a little later.
    expect: { poll: { timeout: 60_000 } },
    // A file's beforeAll may build a portal first (minutes on a busy machine): see startProduct.
    hookTimeout: 600000,
    // Two files at a time: a file waits on its browser and server far more than it computes. The
    // portals they share are built first, once (global-setup.ts).
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: 2,
    // A file that builds a portal of its own starts first (scripts/own-portal-first.ts).
    sequence: { sequencer: OwnPortalFirst },
  },
});
