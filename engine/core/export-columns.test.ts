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
    expect(columns).toEqual([
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
  it('answers plain values as they are, lists of values joined, deeper rows as JSON, missing as null', () => {
    expect(exportCell(data, 'name')).toBe('Ana');
    expect(exportCell(data, 'n')).toBe(0);
    expect(exportCell(data, 'ok')).toBe(false);
    expect(exportCell(data, 'tags')).toBe('a, b');
    expect(exportCell(data, 'rows.0.port')).toBe('Mombasa');
    expect(exportCell(data, 'rows.0.legs')).toBe('[{"to":"Kigali"}]');
    expect(exportCell(data, 'rows.1.port')).toBeNull();
    expect(exportCell(null, 'name')).toBeNull();
  });
});
