import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './definition-types';
import { compileSchema, schemaMatches, validateFormData } from './form-validator';

const schema: JsonSchema = {
  type: 'object',
  required: ['kind', 'amount'],
  properties: {
    kind: {
      type: 'string',
      oneOf: [
        { const: 'a', title: 'A' },
        { const: 'b', title: 'B' },
      ],
    },
    amount: { type: 'number', exclusiveMinimum: 0 },
    tags: { type: 'array', items: { type: 'string' } },
    nested: { type: 'object', properties: { code: { type: 'string', pattern: '^[0-9]+$' } } },
  },
  allOf: [
    {
      if: { properties: { kind: { const: 'a' } }, required: ['kind'] },
      then: {
        properties: { id: { type: 'string', pattern: '^[0-9]{4}$', errorMessage: { pattern: 'Four digits!' } } },
        required: ['id'],
      },
    },
    {
      if: { properties: { kind: { const: 'b' } }, required: ['kind'] },
      then: { required: ['tags'], errorMessage: { required: { tags: 'Add a tag' } } },
    },
  ],
};

describe('validateFormData', () => {
  it('accepts valid data', () => {
    expect(validateFormData(schema, { kind: 'a', amount: 1, id: '1234' })).toEqual({ valid: true, errors: [] });
  });
  it('reports missing required values on the property', () => {
    expect(validateFormData(schema, {}).errors).toEqual([
      { field: 'kind', message: 'This field is required' },
      { field: 'amount', message: 'This field is required' },
    ]);
  });
  it('keeps custom messages and drops the if/then noise', () => {
    const result = validateFormData(schema, { kind: 'a', amount: 1, id: '12' });
    expect(result.errors).toEqual([{ field: 'id', message: 'Four digits!' }]);
  });
  it('puts a custom message of a required rule on the property it asks for', () => {
    expect(validateFormData(schema, { kind: 'b', amount: 1 }).errors).toEqual([
      { field: 'tags', message: 'Add a tag' },
    ]);
  });
  it('folds const alternatives into one message', () => {
    expect(validateFormData(schema, { kind: 'z', amount: 1 }).errors).toEqual([
      { field: 'kind', message: 'must be equal to one of the allowed values' },
    ]);
  });
  it('uses dotted paths for nested values', () => {
    expect(validateFormData(schema, { kind: 'b', amount: 2, tags: ['x', 3], nested: { code: 'x' } }).errors).toEqual([
      { field: 'tags.1', message: 'must be string' },
      { field: 'nested.code', message: 'must match pattern "^[0-9]+$"' },
    ]);
  });
  it('compiles each schema object once', () => {
    expect(compileSchema(schema)).toBe(compileSchema(schema));
  });
  it('evaluates conditions', () => {
    expect(schemaMatches({ properties: { a: { const: 1 } } }, { a: 1 })).toBe(true);
    expect(schemaMatches(false, {})).toBe(false);
  });
  it('accepts two schema objects with the same $id', () => {
    const a = { $id: 'https://example.org/x.json', type: 'string' };
    const b = { $id: 'https://example.org/x.json', type: 'number' };
    expect(validateFormData(a, 'x').valid).toBe(true);
    expect(validateFormData(b, 1).valid).toBe(true);
  });
});
