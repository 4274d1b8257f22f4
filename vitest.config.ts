import { defineConfig } from 'vitest/config';

// Unit, conformance and API tests: no browser needed. Component tests opt into jsdom with a
// `// @vitest-environment jsdom` comment at the top of the file.
export default defineConfig({
  test: {
    include: [
      'engine/**/*.test.{ts,tsx}',
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/{unit,conformance,api}/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
