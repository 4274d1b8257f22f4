import { describe, expect, it } from 'vitest';
import { loadServiceDefinitions } from './load-definitions';
import { serviceChoiceOffer } from './service-choice';
import { testDefinition, testFiles } from './test-definition';

/** Two sample services, `export` and `import`, each with the `info.choice` given (none when undefined). */
function siblingFiles(exportChoice?: string[], importChoice?: string[]): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const [key, id, services] of [
    ['export', 4, exportChoice],
    ['import', 3, importChoice],
  ] as const) {
    for (const [name, content] of Object.entries(testFiles())) {
      files[name.replace(/^sample\//, `${key}/`)] = content;
    }
    const service = files[`${key}/service.json`] as Record<string, unknown> & {
      info: Record<string, unknown>;
      routes: Record<string, string>;
    };
    service.key = key;
    service.id = id;
    service.title = `${key} licence`;
    service.routes = { info: `/${key}`, apply: `/${key}-apply`, view: `/view-${key}` };
    if (services) service.info.choice = { label: 'Type of licence', services };
  }
  return files;
}

describe('a choice between sibling services (info.choice)', () => {
  it('loads when each listed service declares the same list, and offers it from either page', () => {
    const { definitions, problems } = loadServiceDefinitions(siblingFiles(['export', 'import'], ['export', 'import']));
    expect(problems).toEqual([]);
    const [importer, exporter] = definitions;
    if (!importer || !exporter) throw new Error('both services load');
    expect(serviceChoiceOffer(importer, definitions)).toEqual({
      label: 'Type of licence',
      options: [
        { key: 'export', title: 'export licence', route: '/export', current: false },
        { key: 'import', title: 'import licence', route: '/import', current: true },
      ],
    });
    expect(serviceChoiceOffer(exporter, definitions)?.options.map((option) => option.current)).toEqual([true, false]);
    expect(serviceChoiceOffer(testDefinition(), definitions)).toBeUndefined();
  });

  it('refuses a choice one page would not offer: a sibling without it, an unknown key, itself missing', () => {
    const oneSided = loadServiceDefinitions(siblingFiles(['export', 'import']));
    expect(oneSided.problems).toEqual([
      {
        file: 'export/service.json',
        pointer: '/info/choice/services/1',
        message:
          "'import' must declare the same choice (info.choice.services: export, import), so both start pages offer it",
      },
    ]);
    expect(oneSided.definitions.map((d) => d.key)).toEqual(['import']);

    const unknown = loadServiceDefinitions(siblingFiles(['export', 'transit'], ['import', 'export']));
    expect(unknown.problems).toEqual(
      expect.arrayContaining([
        {
          file: 'export/service.json',
          pointer: '/info/choice/services/1',
          message: "no service has the key 'transit'",
        },
        {
          file: 'import/service.json',
          pointer: '/info/choice/services/1',
          message:
            "'export' must declare the same choice (info.choice.services: import, export), so both start pages offer it",
        },
      ]),
    );
    const withoutItself = loadServiceDefinitions(siblingFiles(['import', 'plastics'], ['import', 'plastics']));
    expect(withoutItself.problems).toContainEqual({
      file: 'export/service.json',
      pointer: '/info/choice/services',
      message: "the choice must list the service itself ('export')",
    });
  });
});
