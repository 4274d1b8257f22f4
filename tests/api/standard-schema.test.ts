// @module-tag dialect-free
// What a form's standard keywords accept is judged before the database; the record is kept as JSON text on both
// (tests/conformance/services.test.ts keeps every fixture's on PostgreSQL).
/**
 * Standard JSON Schema an analyst writes is kept as the form accepts it: a scaffolded service edited
 * with object-level `anyOf` (or `oneOf`), `additionalProperties` and `dependencies`
 * (tests/standard-form/standard-keywords.ts) is submitted through the real API and read back; every
 * answer the form accepted is stored as sent and shown by the view, and what the form refuses the
 * server refuses with a field error, never by dropping it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import { NOT_A_QUESTION } from '../../engine/core/kept-answers';
import { detailRows } from '../../engine/core/view-rows';
import { scaffoldService } from '../../scripts/services-new';
import { scratchService } from '../scratch-service';
import { applicantOn, readApplication, submitThroughApi, type Applicant } from '../conformance/api-applicant';
import { addStandardKeywords, STANDARD_ANSWERS } from '../standard-form/standard-keywords';
import { servicesCopyIn } from './helpers';

/**
 * The ids of the two scaffolded services (the anyOf form, and the same with oneOf), known once they
 * are scaffolded under keys and ids no authority's service holds (tests/scratch-service.ts).
 */
const ids = { anyOf: 0, oneOf: 0 };

let root: string;
let applicant: Applicant;
let base: Record<string, unknown>;

const definitionOf = (id: number): ServiceDefinition => {
  const found = applicant.server.services.definitions.find((d) => d.id === id);
  if (!found) throw new Error(`no service ${id}`);
  return found;
};

/** Runs the service's submit pipeline with `data`; answers the last call's status and body. */
async function submit(id: number, data: Record<string, unknown>) {
  const definition = definitionOf(id);
  const run = await submitThroughApi(applicant, definition, data);
  const last = run.answers.at(-1);
  if (!last) throw new Error('no call was sent');
  return { ...last, applicationId: run.applicationId, definition };
}

beforeAll(async () => {
  root = servicesCopyIn('ecopermit-standard-');
  const anyOf = scratchService(root, 'any-of', 'Standard Any Of');
  await scaffoldService(root, anyOf);
  await addStandardKeywords(root, anyOf.key);
  // The same form with the choice written as oneOf: exactly one option holds.
  const oneOf = scratchService(root, 'one-of', 'Standard One Of');
  await scaffoldService(root, oneOf);
  await addStandardKeywords(root, oneOf.key);
  Object.assign(ids, { anyOf: anyOf.id, oneOf: oneOf.id });
  const file = join(root, 'services', oneOf.key, 'schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  schema.oneOf = schema.anyOf;
  delete schema.anyOf;
  (schema.errorMessage as Record<string, unknown>).oneOf = (schema.errorMessage as Record<string, unknown>).anyOf;
  delete (schema.errorMessage as Record<string, unknown>).anyOf;
  writeFileSync(file, JSON.stringify(schema));
  base = JSON.parse(readFileSync(join(root, 'fixtures', anyOf.key, 'valid', 'person.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  for (const key of Object.keys(STANDARD_ANSWERS.person)) delete base[key];
  applicant = await applicantOn(root);
});

afterAll(async () => {
  await applicant?.server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('standard JSON Schema through the real API', () => {
  it.each([
    ['anyOf', STANDARD_ANSWERS.person],
    ['anyOf', STANDARD_ANSWERS.organisation],
    ['oneOf', STANDARD_ANSWERS.person],
    ['oneOf', STANDARD_ANSWERS.organisation],
  ] as const)(
    '%s: stores the chosen option, the extra details and the dependent note as sent',
    async (kind, answers) => {
      const data = { ...base, ...answers };
      const answer = await submit(ids[kind], data);
      expect(answer.status).toBe(200);
      const { definition } = answer;
      const stored = (await readApplication(applicant, answer.applicationId))[definition.view.record] as Record<
        string,
        unknown
      >;
      for (const [key, value] of Object.entries(data))
        expect(JSON.stringify(stored[key]), key).toBe(JSON.stringify(value));
      const rows = new Map(detailRows(definition, stored).map((row) => [row.label, row.value]));
      for (const [key, value] of Object.entries(answers)) {
        const label = definition.view.rows.find((row) => row.field === key)?.label ?? key;
        const shown =
          typeof value === 'string'
            ? value
            : Object.entries(value)
                .map(([k, v]) => `${k}: ${v}`)
                .join('; ');
        expect(rows.get(label), key).toBe(shown);
      }
    },
  );

  it('refuses an answer to no question, a detail too long and too many details, naming each', async () => {
    const answer = await submit(ids.anyOf, {
      ...base,
      ...STANDARD_ANSWERS.organisation,
      invented: 'x',
      extra_details: { colour: 'g'.repeat(500_000) },
    });
    expect(answer.status).toBe(422);
    expect((answer.body.data as { fields: unknown[] }).fields).toEqual(
      expect.arrayContaining([
        { field: 'invented', message: NOT_A_QUESTION },
        { field: 'extra_details.colour', message: 'must NOT have more than 200 characters' },
      ]),
    );
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`detail${i}`, 'x']));
    const tooMany = await submit(ids.anyOf, { ...base, ...STANDARD_ANSWERS.organisation, extra_details: many });
    expect((tooMany.body.data as { fields: unknown[] }).fields).toEqual([
      { field: 'extra_details', message: 'must NOT have more than 5 properties' },
    ]);
  });

  it('refuses an answer that chooses no option, with the analyst message', async () => {
    for (const id of [ids.anyOf, ids.oneOf]) {
      const answer = await submit(id, base);
      expect(answer.status).toBe(422);
      expect((answer.body.data as { fields: unknown[] }).fields).toEqual([
        { field: 'form', message: 'Give the name of the person or of the organisation' },
      ]);
    }
  });
});
