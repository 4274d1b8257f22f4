import { describe, expect, it } from 'vitest';
import { applyUiOrder, confirmSummary } from './confirm-summary';
import { visibleProperties } from './schema-walk';
import { schemaMatches as matches } from './form-validator';
import { testDefinition } from './test-definition';

describe('confirmSummary', () => {
  const definition = testDefinition();

  it('lists filled visible fields in ui order with titles and names instead of ids', () => {
    expect(
      confirmSummary(definition, { kind_id: 3, kind_name: 'Bags', mode: 'fast', done: false }, { matches }),
    ).toEqual([
      { field: 'mode', label: 'Mode', value: 'Fast lane' },
      { field: 'kind_id', label: 'Kind', value: 'Bags' },
      { field: 'done', label: 'Done', value: 'No' },
    ]);
  });
  it('shows branch fields only when their condition holds', () => {
    const rows = confirmSummary(
      definition,
      { kind_id: 0, kind_name: 'Other', other_kind: 'Crates', mode: 'slow' },
      { matches },
    );
    expect(rows.find((r) => r.field === 'other_kind')).toEqual({
      field: 'other_kind',
      label: 'Name of the other kind',
      value: 'Crates',
    });
    const stale = confirmSummary(
      definition,
      { kind_id: 3, kind_name: 'Bags', other_kind: 'Crates', mode: 'slow' },
      { matches },
    );
    expect(stale.find((r) => r.field === 'other_kind')).toBeUndefined();
  });
  it('falls back to extra options and fetched names', () => {
    expect(confirmSummary(definition, { kind_id: 0 }, { matches })[0]).toEqual({
      field: 'kind_id',
      label: 'Kind',
      value: 'Other',
    });
    expect(
      confirmSummary(definition, { kind_id: 7 }, { matches, lookupNames: { kind_id: { 7: 'Sacks' } } })[0]?.value,
    ).toBe('Sacks');
  });
  it('names checklist items when their names are known', () => {
    const def = testDefinition();
    def.formSchema = {
      type: 'object',
      properties: { items: { type: 'array', title: 'Items', items: { type: 'integer' } } },
    };
    def.uiSchema = { items: { 'ui:widget': 'items-checklist', 'ui:options': { source: 'x' } } };
    expect(confirmSummary(def, { items: [1, 2] }, { matches })[0]?.value).toBe('2 selected');
    const texts = { yes: 'Ja', no: 'Nein', selected: (count: number) => `${count} ausgewählt` };
    expect(confirmSummary(def, { items: [1, 2] }, { matches, texts })[0]?.value).toBe('2 ausgewählt');
    expect(
      confirmSummary(def, { items: [1, 2] }, { matches, lookupNames: { items: { 1: 'Cups', 2: 'Lids' } } })[0]?.value,
    ).toBe('Cups, Lids');
  });
  it('shows rows of lists by their filled values, and codes with the names of their entries', () => {
    const def = testDefinition();
    def.formSchema = {
      type: 'object',
      properties: {
        transit: {
          type: 'array',
          title: 'Transit',
          items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
        },
        codes: { type: 'array', title: 'Codes', items: { type: 'object' } },
      },
    };
    def.uiSchema = {
      codes: { 'ui:widget': 'lookup-codes', 'ui:options': { source: 'kinds', idField: 'kind_id', codeField: 'code' } },
    };
    const data = {
      transit: [{ from: 'Kenya', to: 'Rwanda' }, {}, { from: ' ', to: 'Uganda' }],
      codes: [
        { kind_id: 1, code: 'A1010' },
        { kind_id: 2, code: ' ' },
        { kind_id: 3, code: 'Y1' },
      ],
    };
    expect(confirmSummary(def, data, { matches, lookupNames: { codes: { 1: 'Basel annex VIII' } } })).toEqual([
      { field: 'transit', label: 'Transit', value: 'Kenya / Rwanda; Uganda' },
      { field: 'codes', label: 'Codes', value: 'Basel annex VIII: A1010; 3: Y1' },
    ]);
    // Only blank rows: nothing to show.
    expect(confirmSummary(def, { transit: [{}, {}, {}] }, { matches })).toEqual([]);
  });
});

describe('helpers', () => {
  it('orders by ui:order with a wildcard', () => {
    expect(applyUiOrder(['a', 'b', 'c', 'd'], ['c', '*', 'a'])).toEqual(['c', 'b', 'd', 'a']);
    expect(applyUiOrder(['a', 'b'], ['b'])).toEqual(['b', 'a']);
    expect(applyUiOrder(['a', 'b'], undefined)).toEqual(['a', 'b']);
  });
  it('resolves visible properties', () => {
    expect([...visibleProperties(testDefinition().formSchema, { kind_name: 'Other' }, matches).keys()]).toContain(
      'other_kind',
    );
  });
});
