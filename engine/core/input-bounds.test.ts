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

  it('sees values wherever they sit: $ref, tuples, additionalProperties, patternProperties', () => {
    const found = unboundedFields({
      type: 'object',
      definitions: { note: { type: 'string' }, unused: { type: 'string' } },
      properties: {
        first: { $ref: '#/definitions/note' },
        second: { $ref: '#/definitions/note' },
        pair: { type: 'array', maxItems: 2, items: [{ type: 'string' }, { type: 'number', maximum: 9 }] },
        tags: { type: 'object', additionalProperties: { type: 'string' } },
        open: { type: 'object', additionalProperties: true },
        coded: {
          type: 'object',
          patternProperties: { '^x_': { type: 'array', items: { type: 'string', maxLength: 9 } } },
        },
        missing: { $ref: '#/definitions/nothing' },
      },
    }).map((f) => f.pointer);
    expect(found).toEqual([
      '/definitions/note',
      '/properties/pair/items/0',
      '/properties/pair',
      '/properties/tags/additionalProperties',
      '/properties/open/additionalProperties',
      '/properties/coded/patternProperties/^x_',
      '/properties/missing/$ref',
    ]);
  });

  it('refuses a recursion no depth bounds', () => {
    const found = unboundedFields({
      type: 'object',
      definitions: {
        node: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 9 },
            children: { type: 'array', maxItems: 3, items: { $ref: '#/definitions/node' } },
          },
        },
      },
      properties: { tree: { $ref: '#/definitions/node' }, again: { $ref: '#' } },
    });
    expect(found).toEqual([
      {
        pointer: '/definitions/node/properties/children/items/$ref',
        message:
          "'#/definitions/node' refers back to itself, so no depth bounds the answers: write out the levels the form needs",
      },
      {
        pointer: '/properties/again/$ref',
        message: "'#' refers back to itself, so no depth bounds the answers: write out the levels the form needs",
      },
    ]);
  });
});
