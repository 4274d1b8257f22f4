import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { tsImport } from 'tsx/esm/api';

// The plugin runs engine/core's TypeScript (extensionless imports, JSON modules): loaded through tsx,
// since Vite's config bundler flags those as unsupported by its coming native config loader.
const { servicesPlugin } = (await tsImport(
  './scripts/vite-plugin-services.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-services');

const API_TESTS = 'tests/api/**/*.test.ts';
const S3_CONTRACT = 'server/storage/s3-store.test.ts';

// Unit, conformance and API tests: no browser needed. Component tests opt into jsdom with a
// `// @vitest-environment jsdom` comment at the top of the file.
export default defineConfig({
  // The portal's virtual modules (definitions, precompiled validators), as in the build.
  plugins: [servicesPlugin()],
  test: {
    environment: 'node',
    // A guard against a hang, not a measure of speed: a busy machine must not fail a test that finishes.
    testTimeout: 120_000,
    hookTimeout: 60000,
    setupFiles: ['tests/setup/patient-waits.ts'],
    pool: 'forks',
    // Two files at a time even on two cores (Vitest's default there is one): much of a file's time is
    // spent waiting (servers, timers, the disk), so two share the cores well (docs/testing.md has figures).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    tags: [
      {
        name: 'dialect-free',
        description:
          'Decided before or apart from the SQL the database dialect changes: skipped by `npm run test:pg` ' +
          '(scripts/test-postgres.sh). A file without it runs there too.',
      },
    ],
    projects: [
      {
        extends: true,
        test: {
          // Each file starts servers of its own on fresh databases, and nothing of a file outlives it
          // (every server, process and timer it starts is stopped in its afterAll; leaves-nothing.ts
          // fails a file that leaves state behind): a worker imports the server's modules once for all
          // the files it runs, instead of once per file.
          name: 'api',
          include: [API_TESTS],
          isolate: false,
          setupFiles: ['tests/setup/leaves-nothing.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The files without a page (no jsdom): not isolated either, under the same check as `api`.
          name: 'node',
          include: [
            'engine/core/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/{unit,conformance}/**/*.test.ts',
          ],
          // The S3 client's wait for a `100-continue` answer (a 6-second timer of @smithy/node-http-handler)
          // outlives the file's last upload: that file runs isolated, with the pages.
          exclude: [S3_CONTRACT],
          isolate: false,
          setupFiles: ['tests/setup/leaves-nothing.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The components and pages (jsdom): each file in a process of its own, its page and modules fresh.
          name: 'unit',
          include: ['engine/react/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', S3_CONTRACT],
        },
      },
    ],
  },
});
