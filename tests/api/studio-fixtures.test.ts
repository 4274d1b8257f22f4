// @module-tag dialect-free
// The studio reads services and fixtures from disk; no query of its routes touches the database.
/**
 * The studio judges every fixture as the conformance suite does: for each service under services/,
 * each of its forms and each valid and invalid fixture, the judgement the studio's API gives (and the
 * errors its check gives the fixture's data in English) equal the suite's (tests/conformance/). And a
 * form made of sections, whose fixtures hold objects, is judged the same way.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '../../engine/core/form-validator';
import { validateFormData } from '../../engine/core/form-validator';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { formKey } from '../../engine/core/service-forms';
import { sectionedFormSchema, sectionedUiSchema, testFiles } from '../../engine/core/test-definition';
import { formsOf, invalidFixtures, validFixtures } from '../conformance/service-fixtures';
import { call, startServer, type TestServer } from './helpers';

const repository = resolve(__dirname, '../..');

interface StudioJudgement {
  fixture: string;
  errors: FieldError[];
  agrees: boolean;
}

interface StudioServices {
  services: Array<{ key: string; forms: Array<{ key: string; judgements: StudioJudgement[] }> }>;
}

const sorted = (errors: readonly FieldError[]) =>
  [...errors].sort((a, b) => `${a.field}${a.message}`.localeCompare(`${b.field}${b.message}`));

/** What the suite makes of one fixture (services.test.ts: accepts / refuses with the expected messages). */
function suiteJudgement(
  schema: Parameters<typeof validateFormData>[0],
  fixture: string,
  data: unknown,
  expected?: FieldError[],
): StudioJudgement {
  const { valid, errors } = validateFormData(schema, data);
  const agrees = expected
    ? !valid && JSON.stringify(sorted(errors)) === JSON.stringify(sorted(expected))
    : valid && errors.length === 0;
  return { fixture, errors, agrees };
}

/** The studio's judgements of every fixture of `root`'s services, and the suite's, side by side. */
async function compare(server: TestServer, root: string) {
  const read = readServiceFiles(join(root, 'services'));
  const { definitions } = loadServiceDefinitions(read.files);
  const answer = await call<StudioServices>(server.app, 'GET', 'studio/services');
  expect(answer.status).toBe(200);
  const compared: string[] = [];
  for (const definition of definitions) {
    const { forms, unsupported } = formsOf(definition, join(root, 'fixtures'));
    expect(unsupported).toBeUndefined();
    for (const form of forms) {
      const key = formKey(form.definition);
      const studio = answer.body.data.services.find((s) => s.key === definition.key)?.forms.find((f) => f.key === key);
      const suite = [
        ...validFixtures(form).map(([name, data]) => ({ fixture: `valid/${name}`, data, expected: undefined })),
        ...invalidFixtures(form).map(([name, f]) => ({ fixture: `invalid/${name}`, data: f.data, expected: f.expect })),
      ];
      expect(
        studio?.judgements.map((j) => j.fixture),
        key,
      ).toEqual(suite.map((f) => f.fixture));
      for (const { fixture, data, expected } of suite) {
        const judged = studio?.judgements.find((j) => j.fixture === fixture);
        expect(judged, `${key} ${fixture}`).toEqual(suiteJudgement(form.formSchema, fixture, data, expected));
        // The live check of the same data, in English, gives the same errors.
        const checked = await call<{ errors: FieldError[] }>(server.app, 'POST', 'studio/check', {
          body: { service: definition.key, form: key, data, language: 'en' },
        });
        expect(sorted(checked.body.data.errors), `${key} ${fixture} checked`).toEqual(sorted(judged?.errors ?? []));
        compared.push(`${key} ${fixture}`);
      }
    }
  }
  return compared;
}

describe('the studio and the conformance suite, on the shipped services', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STUDIO: 'open' });
  });
  afterAll(async () => server?.close());

  it('judge every valid and invalid fixture alike', async () => {
    const compared = await compare(server, repository);
    expect(compared.length).toBeGreaterThan(20);
  });
});

describe('the studio and the conformance suite, on a form made of sections', () => {
  const root = mkdtempSync(join(tmpdir(), 'ecopermit-studio-sections-'));
  let server: TestServer;
  const write = (path: string, content: unknown) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(content, null, 2));
  };

  beforeAll(async () => {
    const files = testFiles({
      view: {
        record: 'sample',
        rows: [
          { label: 'Applicant', field: 'applicant' },
          { label: 'Site', field: 'site' },
        ],
      },
    });
    const schema = structuredClone(sectionedFormSchema);
    // services:check wants every number bounded.
    Object.assign(schema.properties.site.allOf[0]?.then.properties.buffer_metres ?? {}, { maximum: 100000 });
    Object.assign(schema.properties.activities.items.properties.tonnes, { maximum: 1000000 });
    const service = files['sample/service.json'] as { submit: { calls: Array<{ flags?: unknown }> } };
    delete service.submit.calls[0]?.flags;
    for (const [path, content] of Object.entries({
      ...files,
      'sample/schema.json': schema,
      'sample/ui.json': sectionedUiSchema,
    }))
      write(join('services', path), content);
    write('fixtures/sample/valid/sections.json', {
      applicant: { full_name: 'Aline Uwase', applicant_kind: 'legal', contact: { email: 'a@example.org' } },
      site: { district: 'Gasabo', zone: 'C', buffer_metres: 250 },
      activities: [{ activity: 'storage', scale: 'Small', tonnes: 3 }],
      declared: true,
    });
    write('fixtures/sample/invalid/long-name.json', {
      data: { applicant: { full_name: 'x'.repeat(201) }, site: { zone: 'C' } },
      expect: [{ field: 'applicant.full_name', message: 'must NOT have more than 200 characters' }],
    });
    server = await startServer({ STUDIO: 'open' }, { servicesDir: join(root, 'services') });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('judge its fixtures (objects of sections) alike, as the fixtures say', async () => {
    expect(await compare(server, root)).toEqual(['sample valid/sections.json', 'sample invalid/long-name.json']);
    const answer = await call<StudioServices>(server.app, 'GET', 'studio/services?language=de');
    expect(answer.body.data.services[0]?.forms[0]?.judgements.map((j) => j.agrees)).toEqual([true, true]);
  });
});
