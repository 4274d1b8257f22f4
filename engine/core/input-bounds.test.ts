import { describe, expect, it } from 'vitest';
import { unboundedFields } from './input-bounds';

describe('unboundedFields', () => {
  it('names free text without maxLength and lists without maxItems, in branches and list items too', () => {
    const found = unboundedFields({
      type: 'object',
      properties: {
        note: { type: 'string' },
        short: { type: 'string', maxLength: 20 },
        kind: { type: 'string', enum: ['a', 'b'] },
        choice: { type: 'string', oneOf: [{ const: 'x' }, { const: 'y' }] },
        day: { type: 'string', format: 'date', formatMinimum: '1900-01-01', formatMaximum: '2100-12-31' },
        tags: { type: 'array', items: { type: 'string' } },
        rows: {
          type: 'array',
          maxItems: 5,
          items: { type: 'object', properties: { label: { type: ['string', 'null'] } } },
        },
      },
      allOf: [
        {
          if: { properties: { kind: { const: 'a' } } },
          then: { properties: { other: { type: 'string' }, bounded: { type: 'string', maxLength: 9 } } },
        },
      ],
    });
    expect(found.map((f) => f.pointer)).toEqual([
      '/properties/note',
      '/properties/tags',
      '/properties/tags/items',
      '/properties/rows/items/properties/label',
      '/allOf/0/then/properties/other',
    ]);
    expect(found[0]?.message).toBe(
      'a free-text field needs a maxLength (2,000 characters unless the spec says otherwise)',
    );
    expect(found[1]?.message).toBe('a list needs a maxItems');
  });

  it('does not read if conditions as declarations', () => {
    expect(unboundedFields({ type: 'object', if: { properties: { name: { type: 'string' } } } })).toEqual([]);
  });

  it('asks numbers for a maximum and dates for their range, unless the value comes from a list', () => {
    const found = unboundedFields(
      {
        type: 'object',
        properties: {
          quantity: { type: 'number', exclusiveMinimum: 0 },
          staff: { type: 'integer', maximum: 1000 },
          share: { type: 'number', exclusiveMaximum: 100 },
          level: { type: 'integer', enum: [1, 2, 3] },
          kind_id: { type: 'integer' },
          codes: {
            type: 'array',
            maxItems: 5,
            items: { type: 'object', properties: { code_id: { type: 'integer' } } },
          },
          start: { type: 'string', format: 'date' },
          end: { type: 'string', format: 'date', formatMinimum: '2000-01-01' },
          built: { type: 'string', format: 'date', formatMinimum: '1800-01-01', formatMaximum: '2100-12-31' },
        },
      },
      ['kind_id', 'codes'],
    );
    expect(found).toEqual([
      {
        pointer: '/properties/quantity',
        message: 'a number needs a maximum (the largest quantity or count that is plausible)',
      },
      {
        pointer: '/properties/start',
        message:
          'a date field needs a formatMinimum and a formatMaximum (1900-01-01 and 2100-12-31 unless the field needs others)',
      },
      {
        pointer: '/properties/end',
        message:
          'a date field needs a formatMinimum and a formatMaximum (1900-01-01 and 2100-12-31 unless the field needs others)',
      },
    ]);
  });
});
