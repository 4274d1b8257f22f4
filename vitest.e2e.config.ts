import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: Debian's Chromium driven by playwright-core against the real server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120000,
    hookTimeout: 180000,
    fileParallelism: false,
  },
});
