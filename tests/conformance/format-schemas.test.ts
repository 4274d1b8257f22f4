// @module-tag dialect-free: no database (the files of services/ against their schemas).
/**
 * The files of every service validate, as written (includes and all), against the schema their
 * `$schema` names, as an editor checks them: service.json against the definition's meta-schema, ui files
 * against `schemas/ui.schema.json`, which is what the widget contracts make (`npm run services:schemas`),
 * form schemas and their fragments as draft-07 schemas, catalogues, shared variants and shared view
 * rows against theirs (`schemas/`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../engine/core/ajv-setup';
import type { JsonSchema } from '../../engine/core/definition-types';
import { UI_SCHEMA_FILE, uiMetaSchema } from '../../engine/core/ui-meta-schema';
import catalogueSchema from '../../schemas/catalogue.schema.json';
import migrationSchema from '../../schemas/record-migration.schema.json';
import definitionMetaSchema from '../../schemas/service-definition.schema.json';
import variantSchema from '../../schemas/variant.schema.json';
import viewRowsSchema from '../../schemas/view-rows.schema.json';
import lifecycleSchema from '../../schemas/lifecycle.schema.json';
import retentionSchema from '../../schemas/retention.schema.json';
import { uiSchemaText } from '../../scripts/services-schemas';

const REPOSITORY = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SERVICES = join(REPOSITORY, 'services');

/** Every ui file under services/: `ui.json`, `<name>.ui.json`, `<name>-ui.json`. */
function uiFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return uiFiles(path);
    return /(^|[.-])ui\.json$/.test(entry.name) ? [path] : [];
  });
}

describe('schemas/ui.schema.json', () => {
  it('is what the widget contracts make', async () => {
    expect(readFileSync(join(REPOSITORY, UI_SCHEMA_FILE), 'utf8')).toBe(await uiSchemaText());
  });

  const validate = createAjv().compile(uiMetaSchema() as JsonSchema);
  const files = uiFiles(SERVICES);

  it('finds the ui files', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files.map((file) => [relative(SERVICES, file), file]))('%s names it and validates as written', (_, file) => {
    const ui = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(ui.$schema).toBe(relative(join(file, '..'), join(REPOSITORY, UI_SCHEMA_FILE)).split('\\').join('/'));
    expect(validate(ui) ? [] : validate.errors).toEqual([]);
  });

  it('refuses an unknown widget and an option a widget does not have', () => {
    expect(validate({ name: { 'ui:widget': 'slider' } })).toBe(false);
    expect(validate({ name: { 'ui:widget': 'lookup', 'ui:options': { source: 'x', colour: 'red' } } })).toBe(false);
    expect(validate({ name: { 'ui:widget': 'lookup', 'ui:options': { source: 'provinces' } } })).toBe(true);
  });
});

describe('schemas/service-definition.schema.json', () => {
  const validate = createAjv().compile(definitionMetaSchema as JsonSchema);
  const files = readdirSync(SERVICES)
    .map((folder) => join(SERVICES, folder, 'service.json'))
    .filter((file) => existsSync(file));

  it.each(files.map((file) => [relative(SERVICES, file), file]))('%s names it and validates as written', (_, file) => {
    const definition = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(definition.$schema).toBe('../../schemas/service-definition.schema.json');
    expect(validate(definition) ? [] : validate.errors?.filter((error) => error.keyword !== 'if')).toEqual([]);
  });

  it('takes an include where the format allows one, and a condition only as a JSON Schema', () => {
    const plastics = JSON.parse(readFileSync(join(SERVICES, 'plastics', 'service.json'), 'utf8')) as {
      view: { rows: unknown[] };
    };
    const withRows = (rows: unknown[]) => ({ ...plastics, view: { ...plastics.view, rows } });
    expect(validate(withRows([{ $ref: '../gcf-letter-blocks/view-rows.json' }]))).toBe(true);
    expect(validate(withRows([{ $ref: 'view-rows.yaml' }]))).toBe(false);
    const audit = JSON.parse(readFileSync(join(SERVICES, 'environmental-audit', 'service.json'), 'utf8')) as {
      tasks: Array<Record<string, unknown>>;
    };
    const [task] = audit.tasks;
    expect(
      validate({ ...audit, tasks: [{ ...task, when: { properties: { application_status_id: { const: 17 } } } }] }),
    ).toBe(true);
    expect(validate({ ...audit, tasks: [{ ...task, when: { required: 'application_status_id' } }] })).toBe(false);
  });

  it('describes the call-body language: references, transforms, lists and objects of them', () => {
    const plastics = JSON.parse(readFileSync(join(SERVICES, 'plastics', 'service.json'), 'utf8')) as {
      submit: { calls: Array<Record<string, unknown>> };
    };
    const [call] = plastics.submit.calls;
    const withBody = (body: unknown) => ({ ...plastics, submit: { calls: [{ ...call, body }] } });
    expect(
      validate(
        withBody({
          '...': '$form',
          id: '$context.applicationId',
          rows: { $form: 'rows', trim: true, keepRowsWith: ['a'], default: [] },
          list: ['$form.a.b', 1, null, { nested: 'constant' }],
        }),
      ),
    ).toBe(true);
    expect(validate(withBody({ id: '$contxt.applicationId' }))).toBe(false);
    expect(validate(withBody({ rows: { $form: 'rows', trimm: true } }))).toBe(false);
    expect(validate(withBody({ field: '$form..x' }))).toBe(false);
  });
});

describe('every raw file under services/', () => {
  /** Every JSON file under services/ (the kept versions left out: they are snapshots, never edited). */
  function jsonFiles(folder: string): string[] {
    return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return entry.name === 'versions' ? [] : jsonFiles(path);
      return entry.name.endsWith('.json') ? [path] : [];
    });
  }
  const ajv = createAjv();
  for (const schema of [
    definitionMetaSchema,
    uiMetaSchema(),
    catalogueSchema,
    variantSchema,
    viewRowsSchema,
    migrationSchema,
    lifecycleSchema,
    retentionSchema,
  ])
    if (!ajv.getSchema((schema as { $id: string }).$id)) ajv.addSchema(schema as JsonSchema);
  const files = jsonFiles(SERVICES);

  it('are found: forms, fragments, catalogues', () => {
    const names = files.map((file) => relative(SERVICES, file));
    expect(names).toContain('gcf-letter-blocks/view-rows.json');
    expect(names).toContain('licence-forms/basel.json');
    expect(names).toContain('platform/lifecycle.json');
    expect(names.filter((name) => name.includes('/i18n/')).length).toBeGreaterThanOrEqual(40);
  });

  it.each(files.map((file) => [relative(SERVICES, file), file]))(
    '%s names a $schema and validates against it as written',
    (_, file) => {
      const content = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const named = content.$schema;
      expect(typeof named).toBe('string');
      if (named === 'http://json-schema.org/draft-07/schema#') {
        // A form schema or a fragment of one: a valid draft-07 schema.
        expect(ajv.validateSchema(content) ? [] : ajv.errors).toEqual([]);
        return;
      }
      // A schema of the format, named by its path from the file.
      const target = resolve(join(file, '..'), named as string);
      expect(relative(REPOSITORY, target).split('\\').join('/')).toMatch(/^schemas\/[a-z-]+\.schema\.json$/);
      const schema = JSON.parse(readFileSync(target, 'utf8')) as { $id: string };
      const validate = ajv.getSchema(schema.$id);
      expect(validate, `${schema.$id} is known`).toBeDefined();
      expect(validate?.(content) ? [] : validate?.errors?.filter((error) => error.keyword !== 'if')).toEqual([]);
    },
  );

  it('refuses a catalogue entry that is not a text, and a list fragment of something else', () => {
    const catalogue = ajv.getSchema((catalogueSchema as { $id: string }).$id);
    expect(catalogue?.({ $schema: 'x', Title: 'Titel' })).toBe(true);
    expect(catalogue?.({ Title: 3 })).toBe(false);
    const rows = ajv.getSchema((viewRowsSchema as { $id: string }).$id);
    expect(rows?.({ $items: [{ label: 'Name', field: 'name' }] })).toBe(true);
    expect(rows?.({ $items: [{ title: 'Name' }] })).toBe(false);
  });
});
