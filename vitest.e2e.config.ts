import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: Debian's Chromium driven by playwright-core against the real server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120000,
    // A file's beforeAll may build a portal first (minutes on a busy machine): see startProduct.
    hookTimeout: 600000,
    // Two files at a time: a file waits on its browser and server far more than it computes. The
    // portals they share are built first, once (global-setup.ts).
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: 2,
  },
});
