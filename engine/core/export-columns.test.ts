import { describe, expect, it } from 'vitest';
import type { JsonSchema, UiSchema } from './definition-types';
import { exportCell, exportColumns, rowListPaths } from './export-columns';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    kind_id: { type: 'integer', title: 'Kind' },
    kind_name: { type: 'string' },
    secret: { type: 'string', title: 'Secret' },
    address: {
      type: 'object',
      title: 'Address',
      properties: { city: { type: 'string', title: 'City' }, street: { type: 'string' } },
    },
    tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
    rows: {
      type: 'array',
      title: 'Shipments',
      items: {
        type: 'object',
        properties: {
          port: { type: 'string', title: 'Port' },
          legs: { type: 'array', title: 'Legs', items: { type: 'object', properties: { to: { type: 'string' } } } },
        },
      },
    },
  },
};
const ui: UiSchema = {
  'ui:order': ['rows', '*'],
  kind_id: { 'ui:widget': 'lookup', 'ui:options': { source: 'kinds', nameField: 'kind_name' } },
  secret: { 'ui:widget': 'hidden' },
};

describe('exportColumns', () => {
  it('gives a column per field in ui:order: sections dotted, lists of rows indexed, hidden and name fields left out', () => {
    expect(rowListPaths(schema, ui)).toEqual(['rows']);
    const columns = exportColumns(schema, ui, (path) => (path === 'rows' ? 2 : 0));
    expect(columns.map(({ path, title }) => ({ path, title }))).toEqual([
      { path: 'rows.0.port', title: 'Shipments 1 › Port' },
      { path: 'rows.0.legs', title: 'Shipments 1 › Legs' },
      { path: 'rows.1.port', title: 'Shipments 2 › Port' },
      { path: 'rows.1.legs', title: 'Shipments 2 › Legs' },
      { path: 'name', title: 'Name' },
      { path: 'kind_id', title: 'Kind' },
      { path: 'address.city', title: 'Address › City' },
      { path: 'address.street', title: 'Address › Street' },
      { path: 'tags', title: 'Tags' },
    ]);
  });

  it('gives a list no columns while no row of it is exported', () => {
    expect(exportColumns(schema, ui).some((column) => column.path.startsWith('rows'))).toBe(false);
  });
});

describe('exportCell', () => {
  const data = {
    name: 'Ana',
    n: 0,
    ok: false,
    tags: ['a', 'b'],
    rows: [{ port: 'Mombasa', legs: [{ to: 'Kigali' }] }],
  };
  const plain = (path: string) => ({ path, field: { schema: {}, ui: {} } });
  it('answers texts and numbers as they are, lists of values joined, deeper rows as JSON, missing as null', () => {
    expect(exportCell(data, plain('name'))).toBe('Ana');
    expect(exportCell(data, plain('n'))).toBe(0);
    expect(exportCell(data, plain('tags'))).toBe('a, b');
    expect(exportCell(data, plain('rows.0.port'))).toBe('Mombasa');
    expect(exportCell(data, plain('rows.0.legs'))).toBe('[{"to":"Kigali"}]');
    expect(exportCell(data, plain('rows.1.port'))).toBeNull();
    expect(exportCell(null, plain('name'))).toBeNull();
  });

  it("answers what people read, as the answers' summary does: choices by their titles, Yes/No, dates as answered", () => {
    const form: JsonSchema = {
      type: 'object',
      properties: {
        is_company: {
          type: 'boolean',
          title: 'Applicant type',
          oneOf: [
            { const: true, title: 'Unternehmen' },
            { const: false, title: 'Privatperson' },
          ],
        },
        usage: { type: 'string', enum: ['local', 'export'] },
        level: {
          type: 'integer',
          oneOf: [
            { const: 1, title: 'Low' },
            { const: 2, title: 'High' },
          ],
        },
        kinds: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        agreed: { type: 'boolean' },
        since: { type: 'string', format: 'date' },
        count: { type: 'integer' },
      },
    };
    const formUi: UiSchema = {
      usage: { 'ui:enumNames': ['Verkauf im Inland', 'Ausfuhr'] },
      kinds: { items: { 'ui:enumNames': ['Art A', 'Art B'] } },
    };
    const answers = {
      is_company: true,
      usage: 'export',
      level: 2,
      kinds: ['b', 'a'],
      agreed: false,
      since: '2026-03-01',
      count: 7,
    };
    const cells = Object.fromEntries(
      exportColumns(form, formUi).map((column) => [
        column.path,
        exportCell(answers, column, { yes: 'Ja', no: 'Nein' }),
      ]),
    );
    expect(cells).toEqual({
      is_company: 'Unternehmen',
      usage: 'Ausfuhr',
      level: 'High',
      kinds: 'Art B, Art A',
      agreed: 'Nein',
      since: '2026-03-01',
      count: 7,
    });
    // Without texts, Yes/No in English.
    expect(exportCell(answers, { path: 'agreed', field: { schema: { type: 'boolean' }, ui: {} } })).toBe('No');
  });
});
