import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nCheck } from './i18n-check';
import { servicesCheck } from './services-check';
import { scratchService } from '../tests/scratch-service';
import { freeServiceId, parseArguments, scaffoldService, ScaffoldError } from './services-new';

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
  // A key and id no authority's service holds (tests/scratch-service.ts), so adding any service to the
  // repository never turns this test red.
  let service: { key: string; id: number; title: string };

  beforeAll(async () => {
    root = copyOfServices();
    service = scratchService(root, 'scaffold', 'Scaffold Check Permit');
    written = await scaffoldService(root, service);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the service, its translations, its fixtures and its seeded row', () => {
    const { key } = service;
    expect(written).toEqual(
      expect.arrayContaining([
        `services/${key}/service.json`,
        `services/${key}/schema.json`,
        `services/${key}/ui.json`,
        `services/${key}/i18n/de.json`,
        `services/${key}/i18n/ru.json`,
        `fixtures/${key}/valid/fixed-site.json`,
        `fixtures/${key}/invalid/missing-required-fields.json`,
        'fixtures/lookups/services.json',
        'fixtures/lookups/i18n/es.json',
      ]),
    );
    const seeded = JSON.parse(readFileSync(join(root, 'fixtures/lookups/services.json'), 'utf8')) as Array<{
      id: number;
      name: string;
    }>;
    expect(seeded.at(-1)).toMatchObject({ id: service.id, name: 'Scaffold Check Permit' });
    const german = JSON.parse(readFileSync(join(root, `services/${key}/i18n/de.json`), 'utf8')) as Record<
      string,
      string
    >;
    expect(german['Apply | Scaffold Check Permit']).toBe('Antrag | Scaffold Check Permit');
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
    const env: NodeJS.ProcessEnv = { ...process.env, CONFORMANCE_ROOT: root, SERVICE_KEYS: service.key, NO_COLOR: '1' };
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
        `service ${service.key}`,
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
    // The scaffolded service's own key and id are the taken ones: no authority's service is named.
    const free = freeServiceId(root);
    expect(free).toBeGreaterThan(service.id);
    await expect(scaffoldService(root, { key: service.key, id: free })).rejects.toThrow(
      `A service "${service.key}" exists`,
    );
    const other = scratchService(root, 'other', 'Other');
    await expect(scaffoldService(root, { key: other.key, id: service.id })).rejects.toThrow(
      `The id ${service.id} is used by another service.`,
    );
    await expect(scaffoldService(root, { key: 'Test_Malformed', id: free })).rejects.toBeInstanceOf(ScaffoldError);
    await expect(scaffoldService(root, { key: other.key, id: 0 })).rejects.toThrow('whole number above 0');
    expect(servicesCheck(join(root, 'services')).ok).toBe(true);
  });

  it('reads its command line', () => {
    // Reading arguments writes nothing: any key shows it (the scaffold's own).
    expect(parseArguments([service.key, '--id', '17099', '--title', 'Scaffold Check Permit'])).toMatchObject({
      key: service.key,
      id: 17099,
      title: 'Scaffold Check Permit',
    });
    expect(() => parseArguments([service.key])).toThrow('Usage: npm run services:new');
  });
});
