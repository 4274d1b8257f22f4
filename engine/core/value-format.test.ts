import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, isEmptyValue, listItem, optionTitle, yesNo } from './value-format';

describe('value format', () => {
  it('finds option titles in oneOf consts and ui:enumNames', () => {
    expect(optionTitle({ oneOf: [{ const: true, title: 'Company' }] }, undefined, true)).toBe('Company');
    expect(optionTitle({ enum: ['a', 'b'] }, { 'ui:enumNames': ['Alpha', 'Beta'] }, 'b')).toBe('Beta');
    expect(optionTitle({ enum: ['a'] }, undefined, 'a')).toBeUndefined();
  });
  it('reads ui:enumNames as a map from value to label too (RJSF 6), in ui:options as well', () => {
    const schema = { enum: ['L', 'E', 3] };
    expect(optionTitle(schema, { 'ui:enumNames': { E: 'Export', L: 'Local sale', 3: 'Three' } }, 'L')).toBe(
      'Local sale',
    );
    expect(optionTitle(schema, { 'ui:enumNames': { E: 'Export' } }, 3)).toBeUndefined();
    expect(optionTitle(schema, { 'ui:enumNames': { 3: 'Three' } }, 3)).toBe('Three');
    expect(optionTitle(schema, { 'ui:options': { enumNames: { E: 'Export' } } }, 'E')).toBe('Export');
    // A value outside the enum has no label, whatever the map holds.
    expect(optionTitle(schema, { 'ui:enumNames': { X: 'Ex' } }, 'X')).toBeUndefined();
  });
  it('formats yes/no, lists, dates and numbers', () => {
    expect([yesNo(true), yesNo(0), yesNo('maybe'), yesNo(null)]).toEqual(['Yes', 'No', 'maybe', '-']);
    expect([yesNo(true, { yes: 'Ja', no: 'Nein' }), yesNo('0', { yes: 'Ja', no: 'Nein' })]).toEqual(['Ja', 'Nein']);
    expect([listItem({ name: 'Cups' }), listItem({ label: 'L' }), listItem(4)]).toEqual(['Cups', 'L', '4']);
    expect(formatDate('2024-01-02')).toBe('2024-01-02');
    expect(formatDate(Date.UTC(2024, 0, 2))).toBe('2024-01-02');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatNumber('1500')).toBe('1,500');
    expect(formatNumber('abc')).toBe('abc');
  });
  it('knows empty values', () => {
    expect([isEmptyValue(''), isEmptyValue([]), isEmptyValue(0), isEmptyValue(false)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
