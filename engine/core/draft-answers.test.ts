import { describe, expect, it } from 'vitest';
import { DRAFT_SHAPE_MESSAGES, draftShapeProblems, hasDraftAnswers } from './draft-answers';

const schema = {
  type: 'object',
  required: ['name', 'rows'],
  properties: {
    name: { type: 'string', minLength: 5, pattern: '^[A-Z]' },
    count: { type: 'integer', minimum: 1 },
    chosen: { type: ['string', 'null'] },
    rows: {
      type: 'array',
      items: { type: 'object', properties: { state: { type: 'string' }, weight: { type: 'number' } } },
    },
    address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: true },
  },
  if: { properties: { count: { const: 2 } } },
  then: { properties: { reason: { type: 'string' } } },
};

describe('draftShapeProblems', () => {
  it('keeps incomplete answers: no required field, pattern or bound is judged', () => {
    expect(draftShapeProblems(schema, {})).toEqual([]);
    expect(draftShapeProblems(schema, { name: 'ab', count: 0, chosen: null, reason: 'in a branch' })).toEqual([]);
    expect(
      draftShapeProblems(schema, { rows: [{ state: 'Kenya' }, {}], address: { city: 'Kigali', extra: 1 } }),
    ).toEqual([]);
  });

  it('refuses a field the form does not define and a value of another type, by path', () => {
    expect(
      draftShapeProblems(schema, {
        unknown: 1,
        name: 5,
        rows: [{ state: 'x', weight: 'heavy', other: 1 }],
        count: 'two',
      }),
    ).toEqual([
      { field: 'unknown', message: DRAFT_SHAPE_MESSAGES.unknownField },
      { field: 'name', message: DRAFT_SHAPE_MESSAGES.wrongType },
      { field: 'rows.0.weight', message: DRAFT_SHAPE_MESSAGES.wrongType },
      { field: 'rows.0.other', message: DRAFT_SHAPE_MESSAGES.unknownField },
      { field: 'count', message: DRAFT_SHAPE_MESSAGES.wrongType },
    ]);
  });

  it('takes a number being typed into an integer field', () => {
    expect(draftShapeProblems(schema, { count: 1.5 })).toEqual([]);
  });
});

describe('hasDraftAnswers', () => {
  it('is false for nothing typed, true for any answer', () => {
    expect(hasDraftAnswers(null)).toBe(false);
    expect(hasDraftAnswers({})).toBe(false);
    expect(hasDraftAnswers({ a: '', b: [], c: null, d: { e: '' } })).toBe(false);
    expect(hasDraftAnswers({ a: false })).toBe(true);
    expect(hasDraftAnswers({ d: { e: 'x' } })).toBe(true);
  });
});
