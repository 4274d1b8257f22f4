import { describe, expect, it } from 'vitest';
import { branchSchemas, definedProperties, requiredProperties, ruleFields, visibleProperties } from './schema-walk';

const schema = {
  type: 'object',
  properties: { a: { type: 'string', title: 'A' } },
  allOf: [
    {
      if: { properties: { a: { const: 'x' } }, required: ['a'] },
      then: { properties: { b: { type: 'number' } } },
      else: { properties: { c: {} } },
    },
    {
      if: { not: { required: ['d'] }, anyOf: [{ properties: { e: { minItems: 1 } } }] },
      then: { properties: { a: { minLength: 2 } } },
    },
  ],
  dependencies: { a: { properties: { f: { type: 'string' } } } },
};

describe('schema walk', () => {
  it('lists the properties of every branch, keeping the richest declaration', () => {
    const props = definedProperties(schema);
    expect([...props.keys()].sort()).toEqual(['a', 'b', 'c', 'f']);
    expect(props.get('a')).toEqual({ type: 'string', title: 'A' });
  });
  it('lists the fields rules read, with pointers', () => {
    expect(ruleFields(schema)).toEqual([
      { field: 'a', pointer: '/allOf/0/if/properties/a' },
      { field: 'a', pointer: '/allOf/0/if/required/0' },
      { field: 'e', pointer: '/allOf/1/if/anyOf/0/properties/e' },
      { field: 'd', pointer: '/allOf/1/if/not/required/0' },
    ]);
  });
  it('lists branch schemas', () => {
    expect(branchSchemas(schema)).toHaveLength(3);
  });
  it('finds the properties shown and required for the data, by the branches that apply', () => {
    const ruled = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'string' } },
      allOf: [
        {
          if: { properties: { a: { const: 'x' } }, required: ['a'] },
          then: { properties: { b: {} }, required: ['b'] },
          else: { properties: { c: {} }, allOf: [{ required: ['c'] }] },
        },
      ],
      dependencies: { d: { required: ['e'] } },
    };
    // A matcher answering the one condition: `a` is 'x'.
    const matches = (_condition: unknown, data: unknown) => (data as { a?: unknown }).a === 'x';
    expect([...visibleProperties(ruled, { a: 'x' }, matches).keys()]).toEqual(['a', 'b']);
    expect([...requiredProperties(ruled, { a: 'x' }, matches)]).toEqual(['a', 'b']);
    expect([...visibleProperties(ruled, { a: 'y' }, matches).keys()]).toEqual(['a', 'c']);
    expect([...requiredProperties(ruled, { a: 'y', d: 1 }, matches)]).toEqual(['a', 'c', 'e']);
  });
});
