import { describe, expect, it } from 'vitest';
import { isRecord, valueAt, isSetFlag } from './value-path';

describe('valueAt', () => {
  it('reads nested objects and array items by dotted path', () => {
    expect(valueAt({ a: { b: [1, 2] } }, 'a.b.1')).toBe(2);
    expect(valueAt({ company: { name: 'Acme' } }, 'company.name')).toBe('Acme');
    expect(valueAt({ a: 1 }, 'a')).toBe(1);
  });

  it('answers undefined when a step is missing', () => {
    expect(valueAt(null, 'a')).toBeUndefined();
    expect(valueAt({ a: 'text' }, 'a.b')).toBeUndefined();
    expect(valueAt({}, 'a.b.c')).toBeUndefined();
  });
});

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });
});

describe('isSetFlag', () => {
  it('reads the flags of the API and the databases', () => {
    for (const set of [true, 1, '1']) expect(isSetFlag(set)).toBe(true);
    for (const unset of [false, 0, '0', null, undefined, 'true', 2]) expect(isSetFlag(unset)).toBe(false);
  });
});
