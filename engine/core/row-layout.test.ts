import { describe, expect, it } from 'vitest';
import { ROW_FIELDS_IN_LINE, rowFieldCount, rowLayout } from './row-layout';

describe('rowLayout', () => {
  it('lines up a row of up to four fields, and stacks a longer one where the row is narrow', () => {
    expect(ROW_FIELDS_IN_LINE).toBe(4);
    expect(rowLayout(undefined, 1)).toBe('line');
    expect(rowLayout(undefined, 4)).toBe('line');
    expect(rowLayout(undefined, 5)).toBe('line-when-wide');
    expect(rowLayout(undefined, 9)).toBe('line-when-wide');
  });

  it("follows the list's stack option whatever the number of fields", () => {
    expect(rowLayout(true, 2)).toBe('stacked');
    expect(rowLayout(true, 9)).toBe('stacked');
    expect(rowLayout(false, 9)).toBe('line');
    expect(rowLayout(false, 1)).toBe('line');
    // Anything but a boolean is no choice (services:check refuses it).
    expect(rowLayout('yes', 9)).toBe('line-when-wide');
  });
});

describe('rowFieldCount', () => {
  it('counts the fields of a row but the hidden ones', () => {
    const schema = { properties: { a: {}, b: {}, c: {}, d: {} } };
    expect(rowFieldCount(schema, undefined)).toBe(4);
    expect(rowFieldCount(schema, { b: { 'ui:widget': 'hidden' }, c: { 'ui:widget': 'text' } })).toBe(3);
    expect(rowFieldCount({}, {})).toBe(0);
  });
});
