import { describe, expect, it } from 'vitest';
import { unsupportedKeywords } from './schema-keywords-check';

describe('unsupportedKeywords', () => {
  it('refuses the keywords of later drafts and references to files not included, with what to write', () => {
    const problems = unsupportedKeywords({
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 9 },
        rows: { type: 'array', maxItems: 2, prefixItems: [{ type: 'string' }] },
        other: { $ref: 'https://example.org/address.json' },
      },
      unevaluatedProperties: false,
      $defs: {},
      enum: [{ unevaluatedItems: 'data, not a schema' }],
    });
    expect(problems.map((p) => p.pointer)).toEqual([
      '/properties/rows/prefixItems',
      '/properties/other/$ref',
      '/unevaluatedProperties',
      '/$defs',
    ]);
    expect(problems[0]?.message).toBe(
      "prefixItems belongs to a later JSON Schema draft and would be ignored here: use 'items' as a list, with 'additionalItems'",
    );
  });

  it('accepts draft-07 and local references', () => {
    expect(
      unsupportedKeywords({
        type: 'object',
        definitions: { a: { type: 'string', maxLength: 3 } },
        properties: { a: { $ref: '#/definitions/a' }, default: { type: 'string', maxLength: 3 } },
        dependencies: { a: ['default'] },
      }),
    ).toEqual([]);
  });
});
