import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './definition-types';
import { schemaMatches, validateFormData } from './form-validator';
import {
  answersToNoQuestion,
  keptAnswers,
  NOT_A_QUESTION,
  refusedBeyondTheSchema,
  resolveLocalRef,
} from './kept-answers';

const text = { type: 'string', maxLength: 100 } as const;

/** A form whose applicant is a person (first and last name) or an organisation (its name), as anyOf. */
const personOrOrganisation: JsonSchema = {
  type: 'object',
  properties: { email: text },
  anyOf: [
    { title: 'A person', properties: { first_name: text, last_name: text }, required: ['first_name', 'last_name'] },
    { title: 'An organisation', properties: { organisation: text }, required: ['organisation'] },
  ],
};

const shown = (schema: JsonSchema, data: Record<string, unknown>) =>
  keptAnswers(schema, data, schemaMatches, { shownOnly: true });

describe('keptAnswers', () => {
  it('keeps the fields of the anyOf or oneOf option the applicant chose', () => {
    const person = { email: 'a@b.example', first_name: 'Alice', last_name: 'Uwase' };
    expect(shown(personOrOrganisation, person)).toEqual({ kept: person, refused: [] });
    const oneOf = { ...personOrOrganisation, oneOf: personOrOrganisation.anyOf, anyOf: undefined };
    const organisation = { email: 'a@b.example', organisation: 'Green Ltd' };
    expect(shown(oneOf, organisation).kept).toEqual(organisation);
    expect(validateFormData(oneOf, shown(oneOf, organisation).kept).valid).toBe(true);
  });

  it('keeps extra answers where additionalProperties takes them, and refuses them where nothing does', () => {
    const open: JsonSchema = { type: 'object', properties: { a: text }, additionalProperties: text };
    expect(shown(open, { a: 'x', colour: 'green' })).toEqual({ kept: { a: 'x', colour: 'green' }, refused: [] });
    const closed: JsonSchema = { type: 'object', properties: { a: text } };
    expect(shown(closed, { a: 'x', colour: 'green' }).refused).toEqual([{ field: 'colour', message: NOT_A_QUESTION }]);
    const patterned: JsonSchema = { type: 'object', patternProperties: { '^x_': text } };
    expect(shown(patterned, { x_one: '1', y: '2' }).refused).toEqual([{ field: 'y', message: NOT_A_QUESTION }]);
  });

  it('drops the answer to a question the data hides, and keeps the dependencies the data shows', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { has_site: { type: 'boolean' }, card: text },
      allOf: [
        {
          if: { properties: { has_site: { const: true } }, required: ['has_site'] },
          then: { properties: { site: text } },
        },
      ],
      dependencies: { card: { properties: { billing: text } } },
    };
    expect(shown(schema, { has_site: false, site: 'old', card: '1', billing: 'x' }).kept).toEqual({
      has_site: false,
      card: '1',
      billing: 'x',
    });
    // A partial save keeps everything it was sent.
    expect(keptAnswers(schema, { has_site: false, site: 'old' }, schemaMatches, { shownOnly: false }).kept).toEqual({
      has_site: false,
      site: 'old',
    });
  });

  it('looks at every depth: rows, tuples, nested objects and local $ref', () => {
    const schema: JsonSchema = {
      type: 'object',
      definitions: { address: { type: 'object', properties: { street: text } } },
      properties: {
        home: { $ref: '#/definitions/address' },
        rows: { type: 'array', maxItems: 5, items: { type: 'object', properties: { n: text } } },
        pair: { type: 'array', maxItems: 2, items: [text, { type: 'number', maximum: 9 }], additionalItems: false },
      },
    };
    const data = {
      home: { street: 'KN 3', town: 'Kigali' },
      rows: [{ n: '1' }, { n: '2', extra: true }],
      pair: ['a', 1, 'third'],
    };
    expect(answersToNoQuestion(schema, data)).toEqual([
      { field: 'home.town', message: NOT_A_QUESTION },
      { field: 'rows.1.extra', message: NOT_A_QUESTION },
      { field: 'pair.2', message: NOT_A_QUESTION },
    ]);
  });

  it('leaves a value of the wrong type to the validator, and stops on a $ref cycle', () => {
    expect(answersToNoQuestion({ type: 'object', properties: { a: text } }, { a: { b: 1 } })).toEqual([]);
    const cycle: JsonSchema = {
      definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } },
      $ref: '#/definitions/a',
    };
    expect(answersToNoQuestion(cycle, { x: 1 })).toEqual([]);
  });
});

describe('refusedBeyondTheSchema', () => {
  it("leaves an answer to the schema's own message where the schema refuses it, and names it elsewhere", () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        place: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false },
        owner: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false },
        open: { type: 'object', properties: { name: { type: 'string' } } },
      },
    };
    const data = { place: [1, 2, 3], owner: { name: 'A', age: 3 }, open: { name: 'B', age: 4 } };
    const refused = answersToNoQuestion(schema, data);
    expect(refused.map((e) => e.field)).toEqual(['place.2', 'owner.age', 'open.age']);
    const schemaErrors = validateFormData(schema, data).errors;
    expect(schemaErrors.map((e) => e.field).sort()).toEqual(['owner', 'place']);
    expect(refusedBeyondTheSchema(refused, schemaErrors)).toEqual([{ field: 'open.age', message: NOT_A_QUESTION }]);
  });
});

describe('resolveLocalRef', () => {
  it('follows a JSON pointer inside the schema', () => {
    const root: JsonSchema = { definitions: { 'a/b': { type: 'string' } }, $defs: { c: { type: 'number' } } };
    expect(resolveLocalRef('#/definitions/a~1b', root)).toEqual({ type: 'string' });
    expect(resolveLocalRef('#/$defs/c', root)).toEqual({ type: 'number' });
    expect(resolveLocalRef('#', root)).toBe(root);
    expect(resolveLocalRef('other.json#/x', root)).toBeUndefined();
    expect(resolveLocalRef('#/definitions/missing', root)).toBeUndefined();
  });
});
