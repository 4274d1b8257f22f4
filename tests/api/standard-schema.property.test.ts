// @module-tag dialect-free
// A property of the browser's and the server's validation; the record is kept as JSON text on both
// (tests/conformance/services.test.ts keeps every fixture's on PostgreSQL).
/**
 * No silent loss, as a property: forms generated from the standard keywords an analyst may write
 * (object-level `anyOf` and `oneOf` options, `dependencies`, `additionalProperties`, tuple lists,
 * plain fields) are installed as services of a real server; data that RJSF's validator (the
 * browser's, with the portal's Ajv options) accepts for a form is submitted through the API, and the
 * stored record must be the data, byte for byte, and every answer must show in the view.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import fc from 'fast-check';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RJSF_AJV_OPTIONS } from '../../engine/core/ajv-setup';
import type { JsonSchema, ServiceDefinition } from '../../engine/core/definition-types';
import { detailRows } from '../../engine/core/view-rows';
import { scaffoldService } from '../../scripts/services-new';
import { scratchService } from '../scratch-service';
import { writeFormattedJson } from '../../scripts/write-formatted-json';
import { applicantOn, readApplication, submitThroughApi, type Applicant } from '../conformance/api-applicant';
import { servicesCopyIn } from './helpers';

type Data = Record<string, unknown>;

/** A generated form: its schema, and how to make data it accepts. */
interface GeneratedForm {
  schema: JsonSchema;
  data: fc.Arbitrary<Data>;
}

const SHORT = 12;
const text = { type: 'string', maxLength: SHORT } as const;
// An answer has a letter in it: the view shows a blank text as no answer ('-').
const textValue = fc.string({ minLength: 1, maxLength: SHORT, unit: 'grapheme-ascii' }).filter((s) => s.trim() !== '');
const numberValue = fc.integer({ min: 0, max: 1000 });

/** One plain field: its schema and its values. */
const plainField = fc.constantFrom(
  { schema: text, value: textValue as fc.Arbitrary<unknown> },
  { schema: { type: 'integer', maximum: 1000 }, value: numberValue as fc.Arbitrary<unknown> },
  { schema: { type: 'boolean' }, value: fc.boolean() as fc.Arbitrary<unknown> },
  { schema: { type: 'string', enum: ['low', 'high'] }, value: fc.constantFrom('low', 'high') as fc.Arbitrary<unknown> },
);

/** Which standard keywords a form uses. */
const formShape = fc.record({
  plain: fc.array(plainField, { minLength: 1, maxLength: 3 }),
  choice: fc.constantFrom('anyOf', 'oneOf', null),
  dependencies: fc.boolean(),
  additional: fc.boolean(),
  tuple: fc.boolean(),
});

type FormShape = typeof formShape extends fc.Arbitrary<infer T> ? T : never;

/** The form of a shape, with its fields named f0, f1, ... in order. */
function formOf(shape: FormShape): GeneratedForm {
  let n = 0;
  const name = () => `f${n++}`;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const parts: Array<fc.Arbitrary<Data>> = [];
  for (const field of shape.plain) {
    const key = name();
    properties[key] = field.schema;
    required.push(key);
    parts.push(field.value.map((value) => ({ [key]: value })));
  }
  const schema: JsonSchema = { type: 'object', properties, required };
  if (shape.choice) {
    const [a, b, c] = [name(), name(), name()];
    schema[shape.choice] = [
      { title: 'First', properties: { [a]: text, [b]: text }, required: [a, b] },
      { title: 'Second', properties: { [c]: { type: 'integer', maximum: 1000 } }, required: [c] },
    ];
    parts.push(
      fc.oneof(
        fc.record({ [a]: textValue, [b]: textValue }) as fc.Arbitrary<Data>,
        fc.record({ [c]: numberValue }) as fc.Arbitrary<Data>,
      ),
    );
  }
  if (shape.dependencies) {
    const [trigger, note] = [name(), name()];
    properties[trigger] = text;
    schema.dependencies = { [trigger]: { properties: { [note]: text } } };
    parts.push(
      fc.option(fc.record({ [trigger]: textValue, [note]: textValue }, { requiredKeys: [trigger] }), {
        nil: {},
      }) as fc.Arbitrary<Data>,
    );
  }
  if (shape.additional) {
    const key = name();
    properties[key] = { type: 'object', maxProperties: 3, additionalProperties: text };
    parts.push(
      fc
        .dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), textValue, { minKeys: 1, maxKeys: 3 })
        .map((value) => ({ [key]: value })),
    );
  }
  if (shape.tuple) {
    const key = name();
    properties[key] = {
      type: 'array',
      maxItems: 2,
      items: [text, { type: 'integer', maximum: 1000 }],
      additionalItems: false,
    };
    parts.push(fc.tuple(textValue, numberValue).map((value) => ({ [key]: value })));
  }
  const data = fc.tuple(...parts).map((pieces) => Object.assign({}, ...pieces) as Data);
  return { schema, data };
}

const FORMS = 6;
const browserValidator = customizeValidator(RJSF_AJV_OPTIONS);

let root: string;
let applicant: Applicant;
let forms: GeneratedForm[];
/** The id of each generated form's service, scaffolded under a key and id no authority's service holds. */
const serviceIds: number[] = [];

beforeAll(async () => {
  root = servicesCopyIn('ecopermit-property-');
  // Every keyword at least once: the shapes are drawn with a fixed seed and checked below.
  forms = fc.sample(formShape, { numRuns: FORMS, seed: 25 }).map(formOf);
  for (const [i, form] of forms.entries()) {
    const { key, id } = scratchService(root, `generated-${i}`, `Generated ${i}`);
    await scaffoldService(root, { key, id, title: `Generated ${i}` });
    serviceIds.push(id);
    const folder = join(root, 'services', key);
    await writeFormattedJson(join(folder, 'schema.json'), form.schema);
    await writeFormattedJson(join(folder, 'ui.json'), {});
    const service = JSON.parse(readFileSync(join(folder, 'service.json'), 'utf8')) as Record<string, unknown>;
    delete (service.documents as Record<string, unknown>).extra;
    const view = service.view as Record<string, unknown>;
    delete view.holder;
    view.rows = allFields(form.schema).map((field) => ({ label: field, field }));
    await writeFormattedJson(join(folder, 'service.json'), service);
  }
  applicant = await applicantOn(root);
});

afterAll(async () => {
  await applicant?.server.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every field a generated form declares, its options' included. */
function allFields(schema: JsonSchema): string[] {
  const names = Object.keys(schema.properties as object);
  for (const key of ['anyOf', 'oneOf'] as const)
    for (const option of (schema[key] as JsonSchema[] | undefined) ?? [])
      names.push(...Object.keys(option.properties as object));
  for (const dependency of Object.values((schema.dependencies as Record<string, JsonSchema> | undefined) ?? {}))
    names.push(...Object.keys(dependency.properties as object));
  return names;
}

/** The texts of a value's leaves, as the view writes them. */
function leaves(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [String(value)];
}

describe('what the browser accepts, the server stores as sent and the view shows', () => {
  it('uses every keyword in the generated forms', () => {
    const schemas = forms.map((form) => JSON.stringify(form.schema));
    for (const keyword of ['"anyOf"', '"oneOf"', '"dependencies"', '"additionalProperties"', '"additionalItems"'])
      expect(
        schemas.some((s) => s.includes(keyword)),
        keyword,
      ).toBe(true);
  });

  it('holds for generated forms and data', async () => {
    const cases = fc.integer({ min: 0, max: FORMS - 1 }).chain((i) => fc.tuple(fc.constant(i), forms[i]!.data));
    await fc.assert(
      fc.asyncProperty(cases, async ([i, data]) => {
        const form = forms[i]!;
        fc.pre(browserValidator.validateFormData(data, form.schema as RJSFSchema).errors.length === 0);
        const definition = applicant.server.services.definitions.find(
          (d) => d.id === serviceIds[i],
        ) as ServiceDefinition;
        const run = await submitThroughApi(applicant, definition, data);
        expect(run.answers.at(-1)?.status, JSON.stringify(run.answers.at(-1)?.body)).toBe(200);
        const stored = (await readApplication(applicant, run.applicationId))[definition.view.record];
        expect(JSON.stringify(stored)).toBe(JSON.stringify(data));
        const rows = new Map(detailRows(definition, stored).map((row) => [row.label, row.value]));
        for (const [field, value] of Object.entries(data))
          for (const leaf of leaves(value)) expect(rows.get(field), field).toContain(leaf);
      }),
      { numRuns: 60, seed: 2511 },
    );
  });
});
