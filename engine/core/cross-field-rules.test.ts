import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator, customizeValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { RJSF_AJV_OPTIONS } from './ajv-setup';
import { crossFieldProblems } from './cross-field-rules';
import { validateFormData } from './form-validator';
import { validatorsCode } from './node/validator-code';

const day = { type: 'string', format: 'date', formatMinimum: '1900-01-01', formatMaximum: '2100-12-31' };
const share = { type: 'number', minimum: 0, maximum: 100 };

/** A form with the three kinds of rule between fields, each with its message. */
const schema = {
  type: 'object',
  properties: {
    first_day: day,
    last_day: {
      ...day,
      formatExclusiveMinimum: { $data: '1/first_day' },
      errorMessage: { formatExclusiveMinimum: 'The last day must be after the first day' },
    },
    adults: { type: 'integer', maximum: 9 },
    beds: {
      type: 'integer',
      maximum: 99,
      minimum: { $data: '1/adults' },
      errorMessage: { minimum: 'Give at least a bed per adult' },
    },
    share_local: share,
    share_export: share,
  },
  sumOf: { fields: ['share_local', 'share_export'], equals: 100 },
  errorMessage: { sumOf: 'The shares must add up to 100' },
};

/** The form as RJSF takes it (its types do not know `$data`). */
const form = schema as unknown as RJSFSchema;

const answers: Array<[string, Record<string, unknown>, Array<{ field: string; message: string }>]> = [
  [
    'all rules hold',
    { first_day: '2026-06-01', last_day: '2026-06-03', adults: 2, beds: 2, share_local: 33.3, share_export: 66.7 },
    [],
  ],
  [
    'every rule broken',
    { first_day: '2026-06-01', last_day: '2026-06-01', adults: 3, beds: 2, share_local: 30, share_export: 60 },
    [
      { field: 'last_day', message: 'The last day must be after the first day' },
      { field: 'beds', message: 'Give at least a bed per adult' },
      { field: '', message: 'The shares must add up to 100' },
    ],
  ],
  ['a share not given counts as 0', { share_local: 100 }, []],
];

describe('rules between fields', () => {
  it.each(answers)('on the server: %s', (_, data, errors) => {
    expect(validateFormData(schema, data).errors).toEqual(errors);
  });

  it("give the page's precompiled validator and the runtime one the same judgement", async () => {
    // The page's code, as the build makes it, run from inside node_modules so that its requires resolve.
    const cache = join(__dirname, '..', '..', 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'cross-field-'));
    try {
      const file = join(dir, 'validators.cjs');
      writeFileSync(file, validatorsCode(schema));
      const functions = createRequire(__filename)(file) as ValidatorFunctions;
      const page = createPrecompiledValidator(functions, form);
      const runtime = customizeValidator(RJSF_AJV_OPTIONS);
      for (const [, data, errors] of answers) {
        const shown = page.validateFormData(data, form).errors.map((e) => e.message);
        expect(shown.sort()).toEqual(
          runtime
            .validateFormData(data, form)
            .errors.map((e) => e.message)
            .sort(),
        );
        expect(shown.sort()).toEqual(errors.map((e) => e.message).sort());
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('crossFieldProblems', () => {
  it('accepts the rules above', () => {
    expect(crossFieldProblems(schema)).toEqual([]);
  });

  it('names a reference to no field, a reference not beside, and a sum of what is not a number', () => {
    const broken = structuredClone(schema);
    broken.properties.last_day.formatExclusiveMinimum = { $data: '1/start' };
    (broken.properties.beds as Record<string, unknown>).minimum = { $data: '/adults' };
    broken.sumOf.fields = ['share_local', 'first_day'];
    expect(crossFieldProblems(broken)).toEqual([
      { pointer: '/sumOf/fields/1', message: "'first_day' is not a number field of this object" },
      {
        pointer: '/properties/last_day/formatExclusiveMinimum/$data',
        message: "'start' is not a field beside this one",
      },
      { pointer: '/properties/beds/minimum/$data', message: "a rule reads a field beside this one: write '1/<field>'" },
    ]);
  });
});
