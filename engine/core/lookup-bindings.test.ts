import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookupBindings, resolveSourcePath } from './lookup-bindings';
import { testDefinition } from './test-definition';

describe('lookupBindings', () => {
  it("collects the engine's widgets with their options and their contract's check", () => {
    expect(lookupBindings(testDefinition())).toEqual([
      {
        field: 'kind_id',
        widget: 'lookup',
        check: 'lookup',
        shows: 'lookup-name',
        source: 'kinds',
        nameField: 'kind_name',
        extraOptions: [{ value: 0, label: 'Other' }],
      },
    ]);
  });
  it('reads company pickers, checklists, nested objects, countries and word limits', () => {
    const bindings = lookupBindings({
      uiSchema: {
        company_id: { 'ui:widget': 'company-picker', 'ui:options': { fill: { company_name: 'name' } } },
        items: { 'ui:widget': 'items-checklist', 'ui:options': { source: 'areas/{area_id}', exclude: ['Other', 3] } },
        carrier: { country_id: { 'ui:widget': 'lookup', 'ui:options': { source: 'countries' } } },
        origin: { 'ui:widget': 'country' },
        story: { 'ui:widget': 'word-limited-textarea', 'ui:options': { maxWords: 300, maxChars: 1800 } },
        plain: { 'ui:widget': 'text' },
      },
    });
    expect(bindings).toEqual([
      {
        field: 'company_id',
        widget: 'company-picker',
        check: 'own-company',
        shows: 'lookup-name',
        fill: { company_name: 'name' },
      },
      {
        field: 'items',
        widget: 'items-checklist',
        check: 'lookup-list',
        shows: 'lookup-names',
        source: 'areas/{area_id}',
        exclude: ['Other'],
      },
      { field: 'carrier.country_id', widget: 'lookup', check: 'lookup', shows: 'lookup-name', source: 'countries' },
      { field: 'origin', widget: 'country', check: 'country', shows: 'value' },
      {
        field: 'story',
        widget: 'word-limited-textarea',
        check: 'word-limit',
        shows: 'value',
        maxWords: 300,
        maxChars: 1800,
      },
    ]);
  });
});

describe('resolveSourcePath', () => {
  it('fills placeholders from the form, then the context', () => {
    expect(resolveSourcePath('plastics/consumption-areas/{consumption_area_id}', { consumption_area_id: 4 })).toBe(
      'plastics/consumption-areas/4',
    );
    expect(resolveSourcePath('areas/{id}', { id: 0 })).toBe('areas/0');
    expect(resolveSourcePath('companies/{clientId}', {}, { clientId: 9 })).toBe('companies/9');
    expect(resolveSourcePath('x/{a.b}', { a: { b: 'c d' } })).toBe('x/c%20d');
    expect(resolveSourcePath('plastic-types', {})).toBe('plastic-types');
  });
  it('never throws, whatever text a placeholder holds: a lone surrogate names no option', () => {
    expect(resolveSourcePath('areas/{id}', { id: '\ud800' })).toBeNull();
    expect(resolveSourcePath('areas/{id}', { id: 'a\udc00b' })).toBeNull();
    expect(resolveSourcePath('areas/{id}', { id: '\ud83c\udf33' })).toBe('areas/%F0%9F%8C%B3');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (id) => {
        const path = resolveSourcePath('areas/{id}/{clientId}', { id }, { clientId: id });
        expect(path === null || path.startsWith('areas/')).toBe(true);
      }),
    );
  });
  it('is null while a placeholder is empty', () => {
    expect(resolveSourcePath('areas/{id}', {})).toBeNull();
    expect(resolveSourcePath('areas/{id}', { id: '' })).toBeNull();
    expect(resolveSourcePath('areas/{id}', { id: null })).toBeNull();
  });
});
