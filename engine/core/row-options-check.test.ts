import { describe, expect, it } from 'vitest';
import { rowOptionProblems } from './row-options-check';

const word = { type: 'string', maxLength: 20 };
const schema = {
  type: 'object',
  properties: {
    lines: { type: 'array', items: { type: 'object', properties: { a: word, b: word } } },
    names: { type: 'array', items: word },
    name: word,
    place: {
      type: 'object',
      properties: { visits: { type: 'array', items: { type: 'object', properties: { a: word } } } },
    },
    spot: { type: 'array', items: [word, { type: 'array', items: { type: 'object', properties: { a: word } } }] },
  },
};

describe('rowOptionProblems', () => {
  it('takes stack on a list of rows, at any depth and in a place of a tuple', () => {
    expect(
      rowOptionProblems(schema, {
        lines: { 'ui:options': { stack: true } },
        place: { visits: { 'ui:options': { stack: false } } },
        spot: { items: [{}, { 'ui:options': { stack: true } }] },
      }),
    ).toEqual([]);
  });

  it('refuses it where no rows are drawn: a text, a list of texts, a list drawn by a widget', () => {
    expect(
      rowOptionProblems(schema, {
        name: { 'ui:options': { stack: true } },
        names: { 'ui:options': { stack: true } },
        lines: { 'ui:widget': 'lookup-codes', 'ui:options': { stack: false } },
        spot: { items: [{ 'ui:options': { stack: true } }] },
      }).map((problem) => problem.pointer),
    ).toEqual([
      '/name/ui:options/stack',
      '/names/ui:options/stack',
      '/lines/ui:options/stack',
      '/spot/items/0/ui:options/stack',
    ]);
  });

  it('says nothing of a field the schema does not describe (the loader reports that key itself)', () => {
    expect(rowOptionProblems(schema, { ghost: { 'ui:options': { stack: true } } })).toEqual([]);
  });
});
