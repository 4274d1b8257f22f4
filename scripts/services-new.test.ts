import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nCheck } from './i18n-check';
import { servicesCheck } from './services-check';
import { scratchService } from '../tests/scratch-service';
import { freeServiceId, parseArguments, scaffoldService, ScaffoldError, untranslatedTitles } from './services-new';

const repository = resolve(__dirname, '..');

/** The title of the scaffolded service in the other languages. */
const TITLES = {
  de: 'Genehmigung zum Pflanzen von Bäumen',
  it: 'Autorizzazione alla piantagione di alberi',
  ru: 'Разрешение на посадку деревьев',
  es: 'Permiso de plantación de árboles',
};

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
    service = scratchService(root, 'scaffold', 'Tree Planting Permit');
    written = await scaffoldService(root, { ...service, titles: TITLES });
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
    expect(seeded.at(-1)).toMatchObject({ id: service.id, name: 'Tree Planting Permit' });
    const german = JSON.parse(readFileSync(join(root, `services/${key}/i18n/de.json`), 'utf8')) as Record<
      string,
      string
    >;
    expect(german['Tree Planting Permit']).toBe('Genehmigung zum Pflanzen von Bäumen');
    expect(german['Apply | Tree Planting Permit']).toBe('Antrag | Genehmigung zum Pflanzen von Bäumen');
    const labels = JSON.parse(readFileSync(join(root, 'fixtures/lookups/i18n/ru.json'), 'utf8')) as {
      services: Record<string, { name: string }>;
    };
    expect(labels.services[String(service.id)]?.name).toBe('Разрешение на посадку деревьев');
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

  it('writes a title not given in a language in English, which i18n:check reports until translated', async () => {
    const other = copyOfServices();
    try {
      const { key, id } = scratchService(other, 'untranslated', 'Tree Planting Permit');
      await scaffoldService(other, { key, id, title: 'Tree Planting Permit', titles: { de: 'Baumgenehmigung' } });
      const i18n = i18nCheck(other, { catalogueRoots: [] });
      const hint = '(as in English: translate it, or list it in "$same" if it is the same on purpose)';
      expect(i18n.lines.sort()).toEqual(
        ['it', 'ru', 'es']
          .flatMap((language) => [
            `${language} services/${key}/i18n/${language}.json: untranslated "Tree Planting Permit" ${hint}`,
            `${language} services/${key}/i18n/${language}.json: untranslated "Apply | Tree Planting Permit" ${hint}`,
            `${language} fixtures/lookups/i18n/${language}.json: untranslated services.${id}.name ${hint}`,
          ])
          .sort(),
      );
      expect(untranslatedTitles({ titles: { de: 'Baumgenehmigung' } })).toEqual(['it', 'ru', 'es']);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("adds the service's entries to the reference data, leaving the rest of each file as it is laid out", async () => {
    const other = copyOfServices();
    try {
      // Laid out by hand: tabs, not the formatter's two spaces.
      const file = join(other, 'fixtures/lookups/i18n/it.json');
      const labels = JSON.parse(readFileSync(file, 'utf8')) as { services: Record<string, unknown> };
      writeFileSync(file, `${JSON.stringify(labels, null, '\t')}\n`);
      const seededFile = join(other, 'fixtures/lookups/services.json');
      const seeded = readFileSync(seededFile, 'utf8');
      const { key, id } = scratchService(other, 'layout', 'Tree Planting Permit');
      await scaffoldService(other, { key, id, title: 'Tree Planting Permit', titles: TITLES });
      const added = {
        name: TITLES.it,
        description: "Un nuovo servizio dell'autorità. Descriva che cosa autorizza e chi può richiederlo.",
      };
      expect(readFileSync(file, 'utf8')).toBe(
        `${JSON.stringify({ ...labels, services: { ...labels.services, [String(id)]: added } }, null, '\t')}\n`,
      );
      const row = {
        id,
        name: 'Tree Planting Permit',
        description: 'A new service of the authority. Describe what it authorises and who may apply.',
      };
      expect(readFileSync(seededFile, 'utf8')).toBe(
        `${JSON.stringify([...(JSON.parse(seeded) as unknown[]), row], null, 2)}\n`,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

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
    expect(parseArguments([service.key, '--id', '17099', '--title', 'Tree Planting Permit'])).toMatchObject({
      key: service.key,
      id: 17099,
      title: 'Tree Planting Permit',
    });
    expect(
      parseArguments([service.key, '--id', '17099', '--title-de', 'Baumgenehmigung', '--title-es', 'Permiso']),
    ).toMatchObject({ titles: { de: 'Baumgenehmigung', es: 'Permiso' } });
    expect(() => parseArguments([service.key])).toThrow('Usage: npm run services:new');
    expect(() => parseArguments([service.key, '--id', '1', '--title-fr', 'Permis'])).toThrow(
      'Unknown option --title-fr.',
    );
  });
});
