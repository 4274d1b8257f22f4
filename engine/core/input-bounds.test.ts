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
        day: { type: 'string', format: 'date' },
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
});
