/**
 * The format reference (`scripts/format-docs.ts`): each key under its path with its type, whether it is
 * required and its description; definitions linked and described once; every property of the schemas in
 * `schemas/` described, and one without named by its file and JSON pointer.
 */
import { describe, expect, it } from 'vitest';
import { missingDescriptions, readSchemaFiles, referenceMarkdown, type SchemaFile } from './format-docs';

/** A small schema of the format's shape: a definition, an inline object, a list, a union. */
const sample: SchemaFile = {
  file: 'schemas/sample.schema.json',
  schema: {
    title: 'Sample file',
    description: 'A file for the test.',
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, description: 'The name of the thing.' },
      kind: { enum: ['a', 'b'], default: 'a', description: 'Which kind it is.' },
      home: { $ref: '#/definitions/route', description: 'Where it lives.' },
      steps: {
        type: 'array',
        maxItems: 5,
        description: 'What it does, in order.',
        items: {
          type: 'object',
          required: ['to'],
          properties: { to: { type: 'integer', minimum: 1, description: 'The status it moves to.' } },
        },
      },
      value: { anyOf: [{ type: 'string' }, { $ref: '#/definitions/route' }], description: 'A text or a route.' },
      notes: { type: 'object', additionalProperties: { type: 'string' }, description: 'Notes by topic.' },
    },
    definitions: {
      route: { type: 'string', pattern: '^/[a-z]+$', description: 'An address in the portal.' },
    },
  },
};

describe('the format reference', () => {
  const markdown = referenceMarkdown([sample]);

  it('shows each key under its path, with its type, whether it is required and its description', () => {
    expect(markdown).toContain('| `name` | string (not empty) | yes | The name of the thing. |');
    expect(markdown).toContain('| `steps[].to` | integer (≥ 1) | yes | The status it moves to. |');
    expect(markdown).toContain('| `steps` | array (≤ 5 items) of object |  | What it does, in order. |');
    expect(markdown).toContain('| `kind` | `"a"` or `"b"` |  | Which kind it is. Default: `"a"`. |');
  });

  it('links a definition from where it is used and describes it once', () => {
    expect(markdown).toContain('| `home` | [`route`](#route) |  | Where it lives. |');
    expect(markdown).toContain('| `value` | string or [`route`](#route) |  | A text or a route. |');
    expect(markdown.match(/^#### `route`$/gm)).toHaveLength(1);
    expect(markdown).toContain('An address in the portal.\n\nType: string (matching `^/[a-z]+$`).');
  });

  it('names each property without a description by its file and JSON pointer', () => {
    expect(missingDescriptions([sample])).toEqual([
      { file: 'schemas/sample.schema.json', pointer: '/properties/notes/additionalProperties' },
    ]);
    const bare: SchemaFile = {
      file: 'schemas/bare.schema.json',
      schema: {
        properties: { a: { type: 'object', properties: { 'b/c': { type: 'string' } }, description: 'A.' } },
        allOf: [{ if: { properties: { a: { const: 1 } } }, then: { properties: { d: { type: 'number' } } } }],
        definitions: { e: { type: 'string' } },
      },
    };
    expect(missingDescriptions([bare])).toEqual([
      { file: 'schemas/bare.schema.json', pointer: '/properties/a/properties/b~1c' },
      { file: 'schemas/bare.schema.json', pointer: '/definitions/e' },
      { file: 'schemas/bare.schema.json', pointer: '/allOf/0/then/properties/d' },
    ]);
  });

  it('finds a description for every property of the schemas in schemas/', () => {
    expect(missingDescriptions(readSchemaFiles())).toEqual([]);
  });
});
