import { defineConfig } from 'vitest/config';

// Several instances behind nginx, on PostgreSQL and an S3-compatible store (scripts/cluster).
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120000,
    hookTimeout: 180000,
    fileParallelism: false,
  },
});
