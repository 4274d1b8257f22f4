// @module-tag dialect-free: no database (a sample service's files, loaded in memory).
/**
 * The uiSchema forms RJSF 6 documents and reads (its "uiSchema", "arrays" and "enumerated values"
 * pages, and what its `optionsList` and array field read) are taken alike by the ui schema an editor
 * checks a ui file with (`schemas/ui.schema.json`) and by the loader `services:check` runs; and a
 * malformed one is refused by both. Each sample is a field of the sample service's form with its
 * layout, loaded as a service's files are.
 */
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../engine/core/ajv-setup';
import type { JsonSchema } from '../../engine/core/definition-types';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { testFiles } from '../../engine/core/test-definition';
import { uiMetaSchema } from '../../engine/core/ui-meta-schema';

interface Sample {
  /** What RJSF's documentation shows. */
  name: string;
  /** The field, added to the sample form as `sample`. */
  field: JsonSchema;
  /** Its layout, under `sample` in ui.json. */
  ui: Record<string, unknown>;
}

const word = { type: 'string', maxLength: 50 };
const colours = { type: 'string', enum: ['red', 'green', 'blue'] };

/** Forms RJSF 6 reads, each as its documentation writes it. */
const ACCEPTED: Sample[] = [
  {
    name: 'items: one layout for every row of a list',
    field: { type: 'array', maxItems: 5, items: word },
    ui: { items: { 'ui:widget': 'textarea' } },
  },
  {
    name: 'items as a list: one layout per place of a fixed-length list, additionalItems for the rest',
    field: {
      type: 'array',
      maxItems: 4,
      items: [word, { type: 'boolean' }],
      additionalItems: { type: 'number', minimum: 0, maximum: 10 },
    },
    ui: {
      items: [{ 'ui:widget': 'textarea', 'ui:title': 'A text' }, { 'ui:widget': 'select' }],
      additionalItems: { 'ui:widget': 'updown' },
    },
  },
  {
    name: 'items as a list with an engine widget in a place',
    field: {
      type: 'array',
      maxItems: 2,
      items: [{ type: 'integer', title: 'Kind', maximum: 999 }, word],
      additionalItems: false,
    },
    ui: { items: [{ 'ui:widget': 'lookup', 'ui:options': { source: 'kinds' } }, {}] },
  },
  {
    name: 'items of a list of objects: a layout per field of a row',
    field: { type: 'array', maxItems: 5, items: { type: 'object', properties: { a: word, b: colours } } },
    ui: { items: { 'ui:order': ['b', '*'], a: { 'ui:placeholder': 'Type' }, b: { 'ui:widget': 'radio' } } },
  },
  {
    name: "the engine's own option of a list of rows: stack",
    field: { type: 'array', maxItems: 5, items: { type: 'object', properties: { a: word, b: word } } },
    ui: { 'ui:options': { stack: true, orderable: true } },
  },
  {
    name: 'ui:enumNames as a list, in the order of the values',
    field: colours,
    ui: { 'ui:enumNames': ['Red', 'Green', 'Blue'] },
  },
  {
    name: 'ui:enumNames as a map from value to label',
    field: colours,
    ui: { 'ui:enumNames': { red: 'Red', green: 'Green', blue: 'Blue' } },
  },
  {
    name: 'enumNames as a map inside ui:options',
    field: colours,
    ui: { 'ui:widget': 'radio', 'ui:options': { enumNames: { red: 'Red' }, inline: true } },
  },
  {
    name: 'ui:enumDisabled and ui:enumOrder (with the * of the rest)',
    field: colours,
    ui: { 'ui:enumDisabled': ['green'], 'ui:enumOrder': ['blue', '*'] },
  },
  {
    name: 'anyOf: one layout per option, ui:title naming it',
    field: { type: 'string', anyOf: [{ const: 'a' }, { const: 'b' }] },
    ui: { anyOf: [{ 'ui:title': 'Option A' }, { 'ui:title': 'Option B' }] },
  },
  {
    name: 'oneOf: one layout per option',
    field: {
      type: 'string',
      oneOf: [
        { const: 'a', title: 'A' },
        { const: 'b', title: 'B' },
      ],
    },
    ui: { oneOf: [{ 'ui:title': 'First' }, {}] },
  },
  {
    name: "a field's texts and flags",
    field: word,
    ui: {
      'ui:title': 'Name',
      'ui:description': 'As written in the register',
      'ui:help': 'Letters only',
      'ui:placeholder': 'Jane',
      'ui:autofocus': true,
      'ui:disabled': false,
      'ui:readonly': false,
      'ui:classNames': 'wide',
      'ui:emptyValue': '',
      'ui:label': true,
      'ui:options': { inputType: 'tel', autocomplete: 'name' },
    },
  },
  {
    name: 'an object with its own order and a nested field',
    field: { type: 'object', properties: { street: word, town: word } },
    ui: { 'ui:order': ['town', '*'], street: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } } },
  },
];

/** Malformed layouts: each refused by both. */
const REFUSED: Sample[] = [
  { name: 'ui:enumNames that is a number', field: colours, ui: { 'ui:enumNames': 5 } },
  {
    name: 'a stack option that is not true or false',
    field: { type: 'array', maxItems: 5, items: { type: 'object', properties: { a: word } } },
    ui: { 'ui:options': { stack: 'yes' } },
  },
  { name: 'ui:enumNames with a label that is not a text', field: colours, ui: { 'ui:enumNames': { red: 1 } } },
  { name: 'items that is a text', field: { type: 'array', maxItems: 2, items: word }, ui: { items: 'textarea' } },
  {
    name: 'a place of items as a list that is not a layout',
    field: { type: 'array', maxItems: 1, items: [word], additionalItems: false },
    ui: { items: ['textarea'] },
  },
  {
    name: 'an unknown widget in a place',
    field: { type: 'array', maxItems: 1, items: [word], additionalItems: false },
    ui: { items: [{ 'ui:widget': 'slider' }] },
  },
  {
    name: 'an engine widget in a place without the option it needs',
    field: { type: 'array', maxItems: 1, items: [{ type: 'integer', maximum: 99 }], additionalItems: false },
    ui: { items: [{ 'ui:widget': 'lookup' }] },
  },
  {
    name: 'anyOf layouts that are not a list',
    field: { type: 'string', anyOf: [{ const: 'a' }] },
    ui: { anyOf: { 'ui:title': 'A' } },
  },
];

const validate = createAjv().compile(uiMetaSchema() as JsonSchema);

/** The sample service's files with `sample` added to its form and its layout. */
function filesWith(sample: Sample): Record<string, unknown> {
  const files = testFiles();
  const schema = files['sample/schema.json'] as { properties: Record<string, unknown> };
  schema.properties.sample = sample.field;
  (files['sample/ui.json'] as Record<string, unknown>).sample = sample.ui;
  return files;
}

/** What each side says of a sample: the ui schema's verdict, and the loader's problems in ui.json. */
function verdicts(sample: Sample) {
  const files = filesWith(sample);
  const schemaTakes = validate(files['sample/ui.json']);
  const { problems } = loadServiceDefinitions(files);
  return { schemaTakes, loaderProblems: problems };
}

describe("RJSF's uiSchema forms: the ui schema and services:check agree", () => {
  it.each(ACCEPTED.map((sample) => [sample.name, sample] as const))('both take %s', (_, sample) => {
    const { schemaTakes, loaderProblems } = verdicts(sample);
    expect(schemaTakes ? [] : validate.errors).toEqual([]);
    expect(loaderProblems).toEqual([]);
  });

  it.each(REFUSED.map((sample) => [sample.name, sample] as const))('both refuse %s', (_, sample) => {
    const { schemaTakes, loaderProblems } = verdicts(sample);
    expect(schemaTakes).toBe(false);
    expect(loaderProblems.length).toBeGreaterThan(0);
    // Each problem points into the field's layout.
    for (const problem of loaderProblems) {
      expect(problem.file).toBe('sample/ui.json');
      expect(problem.pointer.startsWith('/sample')).toBe(true);
    }
  });

  it('names the place of a tuple and the option a widget there needs', () => {
    const { loaderProblems } = verdicts(REFUSED[6]!);
    expect(loaderProblems).toEqual([
      {
        file: 'sample/ui.json',
        pointer: '/sample/items/0/ui:options',
        message: 'the lookup widget needs options: source',
      },
    ]);
    expect(verdicts(REFUSED[5]!).loaderProblems).toEqual([
      { file: 'sample/ui.json', pointer: '/sample/items/0/ui:widget', message: "unknown widget 'slider'" },
    ]);
  });
});
