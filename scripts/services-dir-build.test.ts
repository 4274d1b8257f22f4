/**
 * SERVICES_DIR reaches the page's translations: a service scaffolded in a copy of the services folder
 * is built, through the portal's own module of catalogue files, with its German texts, and the
 * repository's own services are not in that build.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchService } from '../tests/scratch-service';
import { scaffoldService } from './services-new';
import { servicesPlugin } from './vite-plugin-services';

const REPOSITORY = resolve(fileURLToPath(new URL('..', import.meta.url)));
const root = mkdtempSync(join(tmpdir(), 'services-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a portal built from another services folder', () => {
  it("carries that folder's catalogues, a new service's German texts included", async () => {
    cpSync(join(REPOSITORY, 'fixtures'), join(root, 'fixtures'), { recursive: true });
    // Only one service of the repository is copied: the others must not reach the build.
    cpSync(join(REPOSITORY, 'services', 'disposal'), join(root, 'services', 'disposal'), { recursive: true });
    cpSync(join(REPOSITORY, 'services', 'platform'), join(root, 'services', 'platform'), { recursive: true });
    // A key no authority's service holds (tests/scratch-service.ts).
    const { key, id } = scratchService(root, 'build', 'Build Check');
    await scaffoldService(root, { key, id, title: 'Build Check' });
    const german = JSON.parse(readFileSync(join(root, 'services', key, 'i18n', 'de.json'), 'utf8')) as Record<
      string,
      string
    >;
    const translated = Object.entries(german).find(([english, text]) => text !== english)?.[1];
    expect(translated).toBeDefined();

    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      root: join(REPOSITORY, 'app'),
      plugins: [servicesPlugin({ servicesDir: join(root, 'services'), languages: ['en', 'de'] })],
      build: {
        write: false,
        lib: { entry: join(REPOSITORY, 'app', 'i18n', 'catalogue-files.ts'), formats: ['es'] },
        rollupOptions: { external: [/node_modules/] },
      },
    })) as Rollup.RollupOutput[];
    const code = output
      .flatMap((bundle) => bundle.output)
      .map((file) => (file.type === 'chunk' ? file.code : String(file.source)))
      .join('\n');
    expect(code).toContain(`"${key}/i18n/de.json"`);
    expect(code).toContain(JSON.stringify(translated).slice(1, -1));
    expect(code).toContain('"disposal/i18n/de.json"');
    expect(code).not.toContain('"plastics/i18n/de.json"');
  }, 120_000);
});
