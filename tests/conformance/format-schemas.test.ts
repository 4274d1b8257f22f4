/**
 * The files of every service validate, as written (includes and all), against the schema their
 * `$schema` names, as an editor checks them: service.json against the definition's meta-schema, ui files
 * against `schemas/ui.schema.json`, which is what the widget contracts make (`npm run services:schemas`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../engine/core/ajv-setup';
import type { JsonSchema } from '../../engine/core/definition-types';
import { UI_SCHEMA_FILE, uiMetaSchema } from '../../engine/core/ui-meta-schema';
import definitionMetaSchema from '../../schemas/service-definition.schema.json';
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
});
