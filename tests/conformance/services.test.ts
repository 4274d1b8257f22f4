/**
 * Conformance: one suite run over every service definition under services/. A new service folder
 * with fixtures under fixtures/<key>/ is covered without touching this file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confirmSummary } from '../../engine/core/confirm-summary';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import { schemaMatches, validateFormData, type FieldError } from '../../engine/core/form-validator';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { lookupBindings } from '../../engine/core/lookup-bindings';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { buildSubmitRequests } from '../../engine/core/payload-mapping';
import { definedProperties, ruleFields } from '../../engine/core/schema-walk';
import { detailRows } from '../../engine/core/view-rows';
import { isKnownWidget } from '../../engine/core/widget-names';

const root = resolve(__dirname, '../..');
const read = readServiceFiles(join(root, 'services'));
const loaded = loadServiceDefinitions(read.files);

interface InvalidFixture {
  data: Record<string, unknown>;
  expect: FieldError[];
}

function fixtures<T>(key: string, kind: 'valid' | 'invalid'): Array<[string, T]> {
  const dir = join(root, 'fixtures', key, kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as T]);
}

function widgetsOf(ui: unknown, path = ''): Array<{ path: string; widget: unknown }> {
  if (typeof ui !== 'object' || ui === null || Array.isArray(ui)) return [];
  const result: Array<{ path: string; widget: unknown }> = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget') result.push({ path, widget: value });
    else if (!key.startsWith('ui:')) result.push(...widgetsOf(value, `${path}/${key}`));
  }
  return result;
}

const sortErrors = (errors: FieldError[]): FieldError[] =>
  [...errors].sort((a, b) => `${a.field}${a.message}`.localeCompare(`${b.field}${b.message}`));

describe('service definitions', () => {
  it('load without problems', () => {
    expect([...read.problems, ...loaded.problems]).toEqual([]);
    expect(loaded.definitions.length).toBeGreaterThan(0);
  });
});

describe.each(loaded.definitions.map((d) => [d.key, d] as [string, ServiceDefinition]))(
  'service %s',
  (key, definition) => {
    const valid = fixtures<Record<string, unknown>>(key, 'valid');
    const invalid = fixtures<InvalidFixture>(key, 'invalid');
    const properties = definedProperties(definition.formSchema);
    const bindings = lookupBindings(definition);
    const context = { clientId: 5, applicationId: 42, serviceId: definition.id };

    it('has valid and invalid fixtures', () => {
      expect(valid.length).toBeGreaterThan(0);
      expect(invalid.length).toBeGreaterThan(0);
    });

    it('uses only registered widgets', () => {
      for (const { path, widget } of widgetsOf(definition.uiSchema))
        expect(isKnownWidget(widget), `${path}: ${String(widget)}`).toBe(true);
    });

    it('reads only existing fields in its rules', () => {
      for (const ref of ruleFields(definition.formSchema)) expect(properties.has(ref.field), ref.pointer).toBe(true);
    });

    it('names existing fields as lookup nameFields', () => {
      for (const b of bindings) if (b.nameField) expect(properties.has(b.nameField), b.field).toBe(true);
    });

    it('has exactly one record-saving call', () => {
      expect(definition.submit.calls.filter((c) => c.savesRecord)).toHaveLength(1);
    });

    it.each(valid)('accepts valid fixture %s', (_name, data) => {
      expect(validateFormData(definition.formSchema, data)).toEqual({ valid: true, errors: [] });
    });

    it.each(invalid)('refuses invalid fixture %s with the expected messages', (_name, fixture) => {
      const result = validateFormData(definition.formSchema, fixture.data);
      expect(result.valid).toBe(false);
      expect(sortErrors(result.errors)).toEqual(sortErrors(fixture.expect));
    });

    it.each(valid)('builds submit bodies from %s that validate again', (_name, data) => {
      for (const request of buildSubmitRequests(definition, data, context)) {
        const schema = definition.submit.calls.find((c) => c.name === request.name)?.schema;
        const against = schema ? definition.callSchemas[schema] : definition.formSchema;
        expect(against).toBeDefined();
        if (!against) continue;
        expect(validateFormData(against, request.body).errors).toEqual([]);
        expect(request.path).not.toMatch(/[{}]/);
      }
    });

    it.each(valid)('summarises %s without raw lookup ids', (_name, data) => {
      const rows = confirmSummary(definition, data, { matches: schemaMatches });
      expect(rows.length).toBeGreaterThan(0);
      for (const b of bindings) {
        if (b.widget === 'items-checklist') continue;
        const row = rows.find((r) => r.field === b.field);
        if (!row) continue;
        expect(row.value, b.field).not.toBe(String(data[b.field]));
      }
      for (const row of rows) expect(row.value).not.toBe('');
    });

    it.each(valid)('shows a detail row per view row for %s', (_name, data) => {
      const rows = detailRows(definition, data);
      expect(rows).toHaveLength(definition.view.rows.length);
    });
  },
);

describe('plastics', () => {
  const plastics = loaded.definitions.find((d) => d.id === 1);

  it('maps the company import fixture to the save call (small snapshot)', () => {
    expect(plastics).toBeDefined();
    if (!plastics) return;
    const [request] = buildSubmitRequests(
      plastics,
      { import_purchase: 'import', quantity: 1 },
      { clientId: 5, applicationId: 42, serviceId: 1 },
    );
    expect(request).toMatchInlineSnapshot(`
      {
        "body": {
          "application_id": 42,
          "client_id": 5,
          "import": true,
          "import_purchase": "import",
          "import_single": false,
          "is_submitted": true,
          "purchase": false,
          "purchase_single": false,
          "quantity": 1,
          "service_id": 1,
        },
        "method": "POST",
        "name": "save",
        "path": "clients/applications/plastic-bags-authorization",
        "savesRecord": true,
      }
    `);
  });
});
