import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nCheck } from './i18n-check';
import { servicesCheck } from './services-check';
import { parseArguments, scaffoldService, ScaffoldError } from './services-new';

const repository = resolve(__dirname, '..');

/** A copy of the repository's services/ and fixtures/, where a service may be scaffolded. */
function copyOfServices(): string {
  const root = mkdtempSync(join(tmpdir(), 'ecopermit-new-service-'));
  cpSync(join(repository, 'services'), join(root, 'services'), { recursive: true });
  cpSync(join(repository, 'fixtures'), join(root, 'fixtures'), { recursive: true });
  return root;
}

describe('services:new', () => {
  let root: string;
  let written: string[];

  beforeAll(async () => {
    root = copyOfServices();
    written = await scaffoldService(root, { key: 'tree-planting', id: 17099, title: 'Tree Planting Permit' });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the service, its translations, its fixtures and its seeded row', () => {
    expect(written).toEqual(
      expect.arrayContaining([
        'services/tree-planting/service.json',
        'services/tree-planting/schema.json',
        'services/tree-planting/ui.json',
        'services/tree-planting/i18n/de.json',
        'services/tree-planting/i18n/ru.json',
        'fixtures/tree-planting/valid/fixed-site.json',
        'fixtures/tree-planting/invalid/missing-required-fields.json',
        'fixtures/lookups/services.json',
        'fixtures/lookups/i18n/es.json',
      ]),
    );
    const seeded = JSON.parse(readFileSync(join(root, 'fixtures/lookups/services.json'), 'utf8')) as Array<{
      id: number;
      name: string;
    }>;
    expect(seeded.at(-1)).toMatchObject({ id: 17099, name: 'Tree Planting Permit' });
    const german = JSON.parse(readFileSync(join(root, 'services/tree-planting/i18n/de.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(german['Apply | Tree Planting Permit']).toBe('Antrag | Tree Planting Permit');
  });

  it('passes services:check and i18n:check as written', () => {
    const check = servicesCheck(join(root, 'services'));
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    const i18n = i18nCheck(root, { catalogueRoots: [] });
    expect(i18n.problems).toEqual([]);
  });

  it('passes the conformance suite, its fixtures through the real API', () => {
    // The suite itself, run on the copy: engine checks, then every fixture submitted to a server that
    // reads the copy's services and reference data, and read back.
    const env: NodeJS.ProcessEnv = { ...process.env, CONFORMANCE_ROOT: root, NO_COLOR: '1' };
    delete env.CI;
    delete env.FORCE_COLOR;
    const run = spawnSync(
      process.execPath,
      [
        join(repository, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--config',
        'vitest.config.ts',
        'tests/conformance/services.test.ts',
        '-t',
        'service tree-planting',
      ],
      { cwd: repository, env, encoding: 'utf8', timeout: 240_000 },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    // Every conformance test of the new service ran: two valid and two invalid fixtures.
    expect(output).toMatch(/Tests\s+(\d+) passed/);
    const passed = Number(/Tests\s+(\d+) passed/.exec(output)?.[1]);
    expect(passed).toBeGreaterThanOrEqual(16);
  }, 300_000);

  it('refuses a taken key or id and a malformed key, writing nothing', async () => {
    await expect(scaffoldService(root, { key: 'disposal', id: 17100 })).rejects.toThrow('A service "disposal" exists');
    await expect(scaffoldService(root, { key: 'other-thing', id: 2 })).rejects.toThrow(
      'The id 2 is used by another service.',
    );
    await expect(scaffoldService(root, { key: 'Tree_Planting', id: 17101 })).rejects.toBeInstanceOf(ScaffoldError);
    await expect(scaffoldService(root, { key: 'guidance', id: 0 })).rejects.toThrow('whole number above 0');
    expect(servicesCheck(join(root, 'services')).ok).toBe(true);
  });

  it('reads its command line', () => {
    expect(parseArguments(['tree-planting', '--id', '17099', '--title', 'Tree Planting Permit'])).toMatchObject({
      key: 'tree-planting',
      id: 17099,
      title: 'Tree Planting Permit',
    });
    expect(() => parseArguments(['tree-planting'])).toThrow('Usage: npm run services:new');
  });
});
