import { defineConfig } from 'vitest/config';
import { tsImport } from 'tsx/esm/api';

// The plugin runs engine/core's TypeScript (extensionless imports, JSON modules): loaded through tsx,
// since Vite's config bundler flags those as unsupported by its coming native config loader.
const { servicesPlugin } = (await tsImport(
  './scripts/vite-plugin-services.ts',
  import.meta.url,
)) as typeof import('./scripts/vite-plugin-services');

// Unit, conformance and API tests: no browser needed. Component tests opt into jsdom with a
// `// @vitest-environment jsdom` comment at the top of the file.
export default defineConfig({
  // The portal's virtual modules (definitions, precompiled validators), as in the build.
  plugins: [servicesPlugin()],
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
    setupFiles: ['tests/setup/patient-waits.ts'],
    pool: 'forks',
  },
});
